-- wrk's script for scripts/soak.py: a mix of moves and reads over many two-player Chat dialogues.
-- Each wrk thread has one connection (soak.py runs wrk with -t N -c N), so a thread's requests are sequential and
-- the dialogues it owns (every N-th of the data file) are touched by it alone: its moves are always in turn and
-- every one of them must be accepted. On each dialogue, in turn: a move by the speaker whose turn it is, then its
-- status, that speaker's legal moves, and one of the public legal moves, the roles and the mover's commitment
-- stores; so one request in four is a move.
-- The data file (SOAK_DATA) sets `dialogues = {{id=, ann=, ben=, moves=}, ...}`, with each dialogue's move count.

local threads = {}
local counter = 0

function setup(thread)
  thread:set("tid", counter)
  counter = counter + 1
  table.insert(threads, thread)
end

local mine = {}
local last_move = nil
local n = 0
-- globals, not locals, so that done() can read them from each thread with thread:get
errors = 0
first_error = ""
local json = { ["Content-Type"] = "application/json" }

function init(args)
  dofile(os.getenv("SOAK_DATA"))
  local count = tonumber(os.getenv("SOAK_THREADS"))
  for i, d in ipairs(dialogues) do
    if (i - 1) % count == tid then
      d.phase = 0
      table.insert(mine, d)
    end
  end
end

function request()
  n = n + 1
  local d = mine[(n - 1) % #mine + 1]
  local phase = d.phase
  d.phase = phase + 1
  local speaker = (d.moves % 2 == 0) and d.ann or d.ben
  local base = "/dialogue/" .. d.id
  last_move = nil
  if phase % 4 == 0 then
    local k = d.moves
    last_move = d
    return wrk.format("POST", base .. "/interaction/Say", json,
      '{"speaker": "' .. speaker .. '", "reply": {"p": "m' .. k .. '"}}')
  elseif phase % 4 == 1 then
    return wrk.format("GET", base .. "/status")
  elseif phase % 4 == 2 then
    return wrk.format("GET", base .. "/moves/" .. speaker)
  else
    local r = math.floor(phase / 4) % 3
    if r == 0 then
      return wrk.format("GET", base .. "/moves")
    elseif r == 1 then
      return wrk.format("GET", base .. "/roles")
    end
    return wrk.format("GET", base .. "/stores/" .. ((d.moves % 2 == 1) and d.ann or d.ben))
  end
end

-- A move's counter moves on when the move is answered 200, not when it is written: wrk may ask for a request and
-- then not send it (it builds a new one when a write must be retried), and a move counted then but never sent
-- would put every later move of that dialogue out of turn. With one connection per thread, the answer is always
-- to the request built last.
function response(status, headers, body)
  if last_move ~= nil and status == 200 then
    last_move.moves = last_move.moves + 1
  end
  last_move = nil
  if status ~= 200 then
    errors = errors + 1
    if first_error == "" then
      first_error = status .. " " .. string.sub(body, 1, 300)
    end
  end
end

function done(summary, latency, requests)
  local errs = 0
  local first = ""
  for _, t in ipairs(threads) do
    errs = errs + t:get("errors")
    local f = t:get("first_error")
    if first == "" and f ~= nil then
      first = f
    end
  end
  local e = summary.errors
  io.write(string.format(
    'SOAK {"requests": %d, "duration_us": %d, "p50_us": %d, "p99_us": %d, "max_us": %d, "not_200": %d, ' ..
    '"connect": %d, "read": %d, "write": %d, "timeout": %d, "first_error": "%s"}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), latency.max, errs,
    e.connect, e.read, e.write, e.timeout, (first:gsub('[%c"\\]', ' '))))
end
