// Shared helpers of the Parley pages: JSON requests and DOM building without innerHTML.
'use strict';

const Parley = {
  async api(method, url, body) {
    const init = { method, headers: {} };
    if (body !== undefined) {
      init.headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    const res = await fetch(url, init);
    let data = null;
    try {
      data = await res.json();
    } catch (e) {
      data = null;
    }
    if (!res.ok) {
      const err = new Error((data && data.error) || ('HTTP ' + res.status));
      err.status = res.status;
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
