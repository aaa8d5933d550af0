'use strict';
(function () {
  const { api, el, clear } = Parley;
  document.addEventListener('DOMContentLoaded', async () => {
    try {
      const data = await api('GET', '/ui/api/reports');
      const body = clear(document.querySelector('#reports tbody'));
      for (const r of data.reports) {
        body.append(el('tr', { 'data-name': r.name },
          el('td', {}, el('a', { href: '/ui/reports/' + encodeURIComponent(r.name), text: r.name })),
          el('td', { text: (r.domains || []).join('; ') }),
          el('td', { text: r.modified || '' })));
      }
      document.getElementById('reports-note').textContent = !data.configured
        ? 'No report directories: start the server with --reports DIR.'
        : data.reports.length + ' reports';
    } catch (e) {
      document.getElementById('reports-error').textContent = e.message;
    }
  });
})();
