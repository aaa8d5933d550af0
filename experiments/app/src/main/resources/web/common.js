// Shared helpers of the Parley pages: JSON requests and DOM building without innerHTML.
'use strict';

const Parley = {
  async api(method, url, body) {
    const init = { method, headers: {} };
    if (body !== undefined) {
      init.headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    let res;
    try {
      res = await fetch(url, init);
    } catch (e) {
      // no answer at all: the server is down or restarting
      const err = new Error('the server does not answer (' + e.message + ')');
      err.status = 0;
      err.away = true;
      throw err;
    }
    let data = null;
    try {
      data = await res.json();
    } catch (e) {
      data = null;
    }
    if (!res.ok) {
      // every error the server sends is {"error": ...}; anything else (a proxy's page) is named by its status
      const err = new Error((data && typeof data.error === 'string' && data.error) || ('HTTP ' + res.status));
      err.status = res.status;
      // 502-504: a proxy in front, or the server shutting down or without its database
      err.away = res.status >= 502 && res.status <= 504;
      throw err;
    }
    return data;
  },

  el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === undefined || v === null || v === false) continue;
      if (k === 'text') e.textContent = v;
      else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
      else e.setAttribute(k, v === true ? '' : v);
    }
    for (const c of children.flat()) {
      if (c === null || c === undefined || c === false) continue;
      e.append(c instanceof Node ? c : document.createTextNode(String(c)));
    }
    return e;
  },

  clear(node) {
    while (node.firstChild) node.removeChild(node.firstChild);
    return node;
  },

  fmt(x, digits) {
    return typeof x === 'number' ? x.toFixed(digits === undefined ? 3 : digits) : String(x);
  },

  /** Content as a short readable line: {"give":{"apple":1}} stays JSON, compact. */
  content(c) {
    if (!c || Object.keys(c).length === 0) return '';
    return Object.entries(c).map(([k, v]) => k + ' = ' + (typeof v === 'string' ? v : JSON.stringify(v)))
      .join('; ');
  },
};
