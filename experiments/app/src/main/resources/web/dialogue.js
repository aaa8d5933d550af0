'use strict';
(function () {
  const { api, el, clear, fmt } = Parley;
  const started = performance.now();
  const query = new URLSearchParams(window.location.search);
  const id = query.get('id');
  // an invitation link names the seat it is for and carries its code: the seat is taken with it
  const invitation = query.get('invitation');
  const storeKey = 'parley.seat.' + id;
  let seen = 0;
  let seat = null;
  let seatKey = null;
  let busy = false;
  let first = true;

  try {
    seat = JSON.parse(window.sessionStorage.getItem(storeKey) || 'null');
  } catch (e) {
    seat = null;
  }

  const $ = (x) => document.getElementById(x);

  function showError(where, msg) {
    $(where).textContent = msg || '';
  }

  // ---------------------------------------------------------------- transcript

  // appends only entries not shown yet (by their index), so an answer that overlaps one already shown is harmless
  function renderTranscript(entries) {
    const fresh = entries.filter((m) => m.index >= seen);
    if (!fresh.length) return;
    const frag = document.createDocumentFragment();
    for (const m of fresh) {
      frag.append(el('li', { 'data-index': m.index, 'data-player': m.player, 'data-move': m.moveID },
        el('span', { class: 'who', text: m.player }),
        el('span', { class: 'move', text: m.moveID }),
        el('span', { class: 'words', text: m.text }),
        el('span', { class: 'content', text: Parley.content(m.content) })));
    }
    const list = $('transcript');
    const atEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 8;
    list.append(frag);
    seen = fresh[fresh.length - 1].index + 1;
    if (atEnd || first) list.scrollTop = list.scrollHeight;
  }

  // ---------------------------------------------------------------- seats

  let seatsKey = null;
  let payoffsKey = null;

  function renderSeats(d) {
    // rebuilt only when something changed, so a control is never replaced under the pointer
    const key = JSON.stringify([d.participants, d.ended, !!d.agent, seat && seat.player]);
    const a = d.agent;
    $('agent-state').textContent = a ? 'Steered agent as ' + a.role + ': ' + a.state + (a.error ? ' (' + a.error + ')' : '')
      : '';
    if (key === seatsKey) return;
    seatsKey = key;
    const body = clear(document.querySelector('#seats tbody'));
    for (const s of d.participants) {
      const mine = seat && seat.player === s.player;
      const state = mine ? 'you' : s.agent ? 'steered agent' : s.filled ? 'joined' : 'free';
      const actions = [];
      if (!s.filled && !s.agent && !seat && !d.ended) {
        actions.push(el('button', { type: 'button', id: 'join-' + s.player, onclick: () => join(s.player) },
          'Join as ' + s.player));
      }
      if (d.domain && !s.filled && !s.agent && !mine && !d.ended && !d.agent) {
        actions.push(el('button', { type: 'button', class: 'secondary', id: 'invite-' + s.player,
          onclick: () => invite(s.player) }, 'Invite steered agent as ' + s.player));
      }
      body.append(el('tr', { 'data-player': s.player }, el('td', { text: s.player }),
        el('td', { class: 'seat-state', text: state }), el('td', {}, actions)));
    }
  }

  async function join(player) {
    showError('page-error', '');
    try {
      const j = await api('GET', '/dialogue/' + encodeURIComponent(id) + '/join/' + encodeURIComponent(player)
        + (invitation ? '?invitation=' + encodeURIComponent(invitation) : ''));
      seat = { participantID: j.participantID, player: j.player };
      window.sessionStorage.setItem(storeKey, JSON.stringify(seat));
      seatKey = null;
      await poll();
    } catch (e) {
      showError('page-error', 'Could not join as ' + player + ': ' + e.message);
    }
  }

  async function invite(player) {
    showError('page-error', '');
    try {
      await api('POST', '/ui/api/dialogues/' + encodeURIComponent(id) + '/agent', { role: player });
      await poll();
    } catch (e) {
      showError('page-error', 'Could not invite an agent as ' + player + ': ' + e.message);
    }
  }

  // ---------------------------------------------------------------- forms from content variables

  /** A form field for one schema node: {node, get()}; get() gives undefined for an empty optional value. */
  function field(name, schema, prefill, path) {
    const fid = 'f-' + path.join('-');
    schema = schema || { type: 'string' };
    if (schema.type === 'object' && schema.properties) {
      const kids = [];
      const box = el('div', { class: 'fields' });
      for (const [k, sub] of Object.entries(schema.properties)) {
        const f = field(k, sub, prefill && typeof prefill === 'object' ? prefill[k] : undefined, path.concat(k));
        kids.push([k, f]);
        box.append(f.node);
      }
      const legend = name + (schema.description ? ' (' + schema.description + ')' : '');
      const node = el('fieldset', { 'data-var': name }, el('legend', { text: legend }), box);
      return {
        node,
        get() {
          const out = {};
          for (const [k, f] of kids) {
            const v = f.get();
            if (v !== undefined) out[k] = v;
          }
          return out;
        },
      };
    }
    if (Array.isArray(schema.enum)) {
      const sel = el('select', { id: fid, name });
      schema.enum.forEach((v) => sel.append(el('option', { value: v, text: v, selected: prefill === v })));
      return { node: el('label', {}, name, sel), get: () => sel.value };
    }
    if (schema.type === 'integer' || schema.type === 'number') {
      const input = el('input', { id: fid, name, type: 'number', min: schema.minimum, max: schema.maximum,
        step: schema.type === 'integer' ? 1 : 'any', value: prefill === undefined ? '' : prefill });
      return { node: el('label', {}, name, input), get: () => (input.value === '' ? undefined : Number(input.value)) };
    }
    if (schema.type === 'boolean') {
      const input = el('input', { id: fid, name, type: 'checkbox', checked: prefill === true });
      return { node: el('label', {}, name, input), get: () => input.checked };
    }
    const input = el('input', { id: fid, name, type: 'text', value: prefill === undefined ? '' : String(prefill),
      size: 40 });
    return { node: el('label', {}, name, input), get: () => input.value };
  }

  function moveForm(m) {
    const vars = Object.entries(m.reply || {});
    const props = (m.schema && m.schema.properties) || {};
    const fields = [];
    const body = [];
    for (const [v, template] of vars) {
      if (typeof template === 'string' && template.startsWith('$')) {
        const f = field(v, props[v], m.prefill ? m.prefill[v] : undefined, [m.moveID, v]);
        fields.push([v, f]);
        body.push(f.node);
      }
    }
    let targetSel = null;
    if (m.targets && m.targets.length > 1) {
      targetSel = el('select', { id: 'f-' + m.moveID + '-target', name: 'target' });
      m.targets.forEach((t) => targetSel.append(el('option', { value: t, text: t })));
      body.push(el('label', {}, 'to', targetSel));
    }
    const words = el('textarea', { id: 'f-' + m.moveID + '-text', name: 'text', maxlength: 4000,
      placeholder: 'your words (free text)' });
    words.value = m.suggestedText || '';
    const send = el('button', { type: 'submit', id: 'send-' + m.moveID }, 'Send ' + m.moveID);
    const form = el('form', { class: 'move', 'data-move': m.moveID },
      el('h3', {}, el('code', { text: m.moveID }), ' ', el('span', { class: 'note', text: m.opener || '' })),
      body, el('label', { style: 'display:flex' }, 'words', words), send);
    form.addEventListener('submit', async (ev) => {
      ev.preventDefault();
      const reply = {};
      for (const [v, template] of vars) reply[v] = template;
      for (const [v, f] of fields) {
        const x = f.get();
        reply[v] = x === undefined ? '' : typeof x === 'string' ? x : JSON.stringify(x);
      }
      await perform(m, reply, targetSel ? targetSel.value : m.target || null, words.value);
    });
    return form;
  }

  async function perform(m, reply, target, text) {
    if (busy) return;
    busy = true;
    document.querySelectorAll('#moves button').forEach((b) => { b.disabled = true; });
    showError('move-error', '');
    try {
      const verdict = await api('POST', '/ui/api/dialogues/' + encodeURIComponent(id) + '/check',
        { participantID: seat.participantID, moveID: m.moveID, reply });
      if (!verdict.ok) {
        showError('move-error', 'Refused: ' + verdict.reason);
        return;
      }
      const body = { speaker: seat.participantID, reply: verdict.reply };
      if (target) body.target = target;
      if (text && text.trim()) body.text = text.trim();
      await api('POST', '/dialogue/' + encodeURIComponent(id) + '/interaction/' + encodeURIComponent(m.moveID), body);
      seatKey = null;
      await poll();
    } catch (e) {
      showError('move-error', e.away ? 'Not sent: ' + e.message + '. Send it again once the server is back.'
        : 'Refused: ' + e.message);
    } finally {
      busy = false;
      document.querySelectorAll('#moves button').forEach((b) => { b.disabled = false; });
    }
  }

  // ---------------------------------------------------------------- your seat and the coach

  async function refreshSeat() {
    let v;
    try {
      v = await api('POST', '/ui/api/dialogues/' + encodeURIComponent(id) + '/seat',
        { participantID: seat.participantID });
    } catch (e) {
      if (e.status === 404) {
        // a token of another server's dialogue, or a forgotten one
        window.sessionStorage.removeItem(storeKey);
        seat = null;
      }
      showError('page-error', 'Your seat: ' + e.message);
      return;
    }
    // the seat can be read after a move the poll before it did not see (the other side moved in between): show
    // that move before the forms that answer it, never the forms alone
    if (v.movesMade > seen) {
      try {
        const d = await api('GET', '/ui/api/dialogues/' + encodeURIComponent(id) + '?since=' + seen);
        renderTranscript(d.transcript);
      } catch (e) {
        // the next poll shows it; the forms are still the server's
      }
    }
    $('you').hidden = false;
    $('you-player').textContent = v.player;
    const priv = clear($('private'));
    (v.private || []).forEach((line) => priv.append(el('li', { text: line })));
    const moves = clear($('moves'));
    v.moves.forEach((m) => moves.append(moveForm(m)));
    $('moves-note').textContent = v.ended ? 'The dialogue is over.' : v.waiting ? 'Waiting for players to join.'
      : v.moves.length ? '' : 'Waiting for the other side.';
    renderCoach(v.coach);
  }

  function renderCoach(c) {
    const panel = $('coach');
    if (!c) {
      panel.hidden = true;
      return;
    }
    panel.hidden = false;
    const body = clear(document.querySelector('#coach-table tbody'));
    $('coach-note').textContent = c.unavailable || '';
    let sum = 0;
    for (const o of c.options || []) {
      sum += o.probability;
      body.append(el('tr', { 'data-label': o.label, 'data-probability': o.probability },
        el('td', {}, el('code', { text: o.label })),
        el('td', { class: 'num' }, el('span', { class: 'bar', style: 'width:' + Math.round(60 * o.probability) + 'px' }),
          ' ', fmt(o.probability)),
        el('td', o.abandoned ? { class: 'note', 'data-abandoned': o.abandoned,
          text: 'no words: the model\'s every attempt was refused (' + o.abandoned + '); in the game this ends the dialogue' }
          : { text: o.text })));
    }
    $('coach-sum').textContent = c.options && c.options.length ? 'Sum of the probabilities: ' + fmt(sum, 6) : '';
  }

  // ---------------------------------------------------------------- the dialogue

  function renderPayoffs(d) {
    if (!d.payoffs) {
      $('payoffs-panel').hidden = true;
      return;
    }
    $('payoffs-panel').hidden = false;
    const key = JSON.stringify(d.payoffs);
    if (key === payoffsKey) return;
    payoffsKey = key;
    const body = clear(document.querySelector('#payoffs tbody'));
    for (const [p, v] of Object.entries(d.payoffs)) {
      body.append(el('tr', { 'data-player': p, 'data-value': v }, el('td', { text: p }),
        el('td', { class: 'num', text: fmt(v, 4) })));
    }
    $('judge').textContent = 'Scored by ' + d.judge + '.';
  }

  function renderSummary(d) {
    const parts = [d.protocol, d.status, d.moves + ' moves'];
    if (d.domain) {
      // the scenario is shown to the operator, and to everyone once the dialogue has ended
      parts.push('domain ' + d.domain.name + (d.domain.scenario === undefined ? '' : ', scenario ' + d.domain.scenario)
        + ', ends after ' +
        d.domain.maxReplies + ' messages', 'words: ' + d.domain.backend,
      d.domain.solved ? 'game solved' : 'solving the game...');
    }
    $('summary').textContent = parts.join(' · ');
  }

  // one poll at a time: the timer's poll and the one after a move would otherwise both ask from the same
  // 'since' and render the same entries twice
  let polling = Promise.resolve();

  function poll() {
    const next = polling.catch(() => {}).then(pollOnce);
    polling = next;
    return next;
  }

  async function pollOnce() {
    const d = await api('GET', '/ui/api/dialogues/' + encodeURIComponent(id) + '?since=' + seen);
    renderTranscript(d.transcript);
    renderSeats(d);
    renderPayoffs(d);
    renderSummary(d);
    const key = [d.moves, d.ended, d.domain ? d.domain.solved : '', d.status].join('|');
    if (seat && key !== seatKey) {
      seatKey = key;
      await refreshSeat();
    }
    // set once the seat's forms are redrawn too, so a reader (or a test) that sees the new count never sees the
    // forms of the turn before
    document.body.dataset.ended = d.ended;
    document.body.dataset.moves = d.moves;
    if (first) {
      first = false;
      await new Promise((r) => requestAnimationFrame(() => r()));
      const ms = performance.now() - started;
      window.parleyRender = { messages: seen, ms };
      $('render-note').textContent = 'Opened with ' + seen + ' messages, shown in ' + Math.round(ms) + ' ms.';
    }
  }

  // the server's presence: while it does not answer (a restart, say) the page says so and keeps asking; when
  // it answers again the page says it reconnected and redraws the seat, which the server may have moved on
  let awaySince = null;

  function connection(state, text) {
    const c = $('connection');
    c.dataset.state = state;
    c.textContent = text;
    c.hidden = !text;
  }

  async function loop() {
    try {
      await poll();
      showError('page-error', '');
      if (awaySince !== null) {
        const s = Math.round((Date.now() - awaySince) / 1000);
        awaySince = null;
        connection('back', 'Reconnected: the server was away for about ' + s + ' s.');
        seatKey = null;
        await poll();
      }
    } catch (e) {
      if (e.away) {
        if (awaySince === null) awaySince = Date.now();
        connection('away', 'The server is away (' + e.message + '); trying again every second.');
      } else {
        showError('page-error', e.message);
      }
    }
    setTimeout(loop, awaySince === null ? 600 : 1000);
  }

  /** The invitation links the creator of this dialogue received (index.js keeps them for this tab). */
  function showInvitations() {
    let links = null;
    try {
      links = JSON.parse(window.sessionStorage.getItem('parley.invitations.' + id) || 'null');
    } catch (e) {
      links = null;
    }
    if (!links || !links.length) return;
    const list = clear($('invitations'));
    for (const i of links) {
      const url = new URL(i.link, window.location.href).href;
      list.append(el('li', {}, el('span', { text: i.player + ': ' }), el('code', { text: url })));
    }
    $('invitations-panel').hidden = false;
  }

  document.addEventListener('DOMContentLoaded', () => {
    $('dialogue-id').textContent = id || '';
    if (id) showInvitations();
    document.title = 'Parley · dialogue ' + (id || '');
    if (!id) {
      showError('page-error', 'No dialogue id: open this page from the dialogue list.');
      return;
    }
    loop();
  });
})();
