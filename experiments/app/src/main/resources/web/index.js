'use strict';
(function () {
  const { api, el, clear } = Parley;
  let overview = null;

  function fillScenarios() {
    const d = overview.domains.find((x) => x.name === document.getElementById('domain').value);
    const sel = clear(document.getElementById('scenario'));
    sel.append(el('option', { value: '', text: 'drawn at random' }));
    (d ? d.scenarios : []).forEach((s) => sel.append(el('option', { value: s.index, text: s.index + ': ' + s.id })));
  }

  async function load() {
    overview = await api('GET', '/ui/api/overview');
    const dsel = clear(document.getElementById('domain'));
    overview.domains.forEach((d) => dsel.append(el('option', { value: d.name, text: d.name })));
    fillScenarios();
    const psel = clear(document.getElementById('protocol'));
    overview.protocols.forEach((p) => psel.append(el('option', { value: p, text: p })));
  }

  // redrawn only when it changed: a redraw replaces the rows, and a click (or focus) on a replaced row is lost
  let listed = null;

  async function list() {
    let data;
    try {
      data = await api('GET', '/ui/api/dialogues');
    } catch (e) {
      if (e.status !== 401 && e.status !== 403) throw e;
      // the list is the operator's: a dialogue is reached by its link
      document.getElementById('list-note').textContent = 'Only the operator sees the list of dialogues.';
      return;
    }
    const key = JSON.stringify(data.dialogues);
    if (key === listed) return;
    listed = key;
    const body = clear(document.querySelector('#dialogues tbody'));
    for (const d of data.dialogues.slice().reverse()) {
      const seats = (d.participants || []).map((s) => el('span', { class: 'badge' + (s.agent ? ' agent' : '') },
        s.player + (s.agent ? ' (agent)' : s.filled ? ' (joined)' : ' (free)')));
      body.append(el('tr', { 'data-id': d.id },
        el('td', {}, el('a', { class: 'id', href: '/ui/dialogue?id=' + encodeURIComponent(d.id), text: d.id })),
        el('td', { text: d.protocol || '' }),
        el('td', { text: d.domain ? d.domain + ' / ' + d.scenario : '' }),
        el('td', { class: 'status', text: d.status }),
        el('td', {}, seats),
        el('td', { class: 'num', text: d.moves === undefined ? '' : d.moves })));
    }
    document.getElementById('list-note').textContent = data.dialogues.length + ' dialogues';
  }

  async function create(body) {
    const out = document.getElementById('create-error');
    out.textContent = '';
    try {
      const r = await api('POST', '/ui/api/dialogues', body);
      // the seats' invitation links, shown to the creator on the dialogue's page (this tab only)
      window.sessionStorage.setItem('parley.invitations.' + r.dialogueID, JSON.stringify(r.invitations || []));
      window.location.href = '/ui/dialogue?id=' + encodeURIComponent(r.dialogueID);
    } catch (e) {
      out.textContent = 'Not created: ' + e.message;
    }
  }

  document.addEventListener('DOMContentLoaded', async () => {
    document.getElementById('domain').addEventListener('change', fillScenarios);
    document.getElementById('new-domain').addEventListener('submit', (ev) => {
      ev.preventDefault();
      const chosen = document.getElementById('scenario').value;
      const body = { domain: document.getElementById('domain').value };
      if (chosen !== '') body.scenario = Number(chosen);
      create(body);
    });
    document.getElementById('new-protocol').addEventListener('submit', (ev) => {
      ev.preventDefault();
      create({ protocol: document.getElementById('protocol').value });
    });
    try {
      await load();
      await list();
    } catch (e) {
      document.getElementById('create-error').textContent = e.message;
    }
    setInterval(() => list().catch(() => {}), 3000);
  });
})();
