/**
 * Fault table rows about what goes in (dev/faults/table.ts): bad flags and numbers; broken,
 * throwing, hanging, chatty and leaking adapters; process shims, hooks, MCP servers and agent CLIs
 * that misbehave; corrupt traces and headers; failure databases a repository mangled.
 */
import { EX, FX, type Row } from './row.ts';
import { withHeader } from './fixtures.ts';

const fault = (culprit: RegExp) => ({ kind: 'fault', culprit }) as const;
const verdict = (code?: 0 | 1) => ({ kind: 'verdict', ...(code !== undefined ? { code } : {}) }) as const;

/** `run` with one bad flag: exit 2 naming the flag. */
function flagRows(): Row[] {
  const bad: [string, string[], RegExp][] = [
    ['unknown-command', ['frobnicate'], /unknown command "frobnicate"/],
    ['no-command', [], /command/],
    ['run-unknown-flag', ['run', '--colour'], /unknown flag --colour/],
    ['run-missing-value', ['run', '--cap'], /--cap needs a value/],
    ['run-flag-twice', ['run', '--runs', '1', '--runs', '2'], /--runs given twice/],
    ['run-positional', ['run', 'extra'], /unexpected argument "extra"/],
    ['cap-3', ['run', '--cap', '3'], /--cap must be an integer from 4/],
    ['cap-0', ['run', '--cap', '0'], /--cap must be an integer from 4/],
    ['cap-word', ['run', '--cap', 'big'], /--cap must be an integer/],
    ['cap-over', ['run', '--cap', '1048577'], /--cap must be an integer from 4 to 1048576/],
    ['cap-negative', ['run', '--cap', '-1'], /--cap must be an integer/],
    ['cap-float', ['run', '--cap', '4.5'], /--cap must be an integer/],
    ['runs-0', ['run', '--runs', '0'], /--runs must be an integer from 1/],
    ['runs-over', ['run', '--runs', '1000001'], /--runs must be an integer from 1 to 1000000/],
    ['runs-word', ['run', '--runs', 'many'], /--runs must be an integer/],
    ['seed-negative', ['run', '--seed', '-1'], /--seed must be an integer from 0/],
    ['seed-over', ['run', '--seed', '4294967296'], /--seed must be an integer from 0 to 4294967295/],
    ['seed-exponent', ['run', '--seed', '1e3'], /--seed must be an integer/],
    ['timeout-0', ['run', '--timeout', '0'], /--timeout must be an integer from 1/],
    ['timeout-over', ['run', '--timeout', '2147483648'], /--timeout must be an integer from 1 to 2147483647/],
    ['shrink-negative', ['run', '--shrink', '-1'], /--shrink must be an integer from 0/],
    ['jobs-0', ['run', '--process', 'python3 x.py', '--jobs', '0'], /--jobs must be an integer from 1/],
    ['jobs-in-process', ['run', '--jobs', '2'], /--jobs/],
    ['arm-case', ['run', '--arm', 'Diff'], /--arm must be one of off\|cap\|diff\|all/],
    ['reporter-xml', ['run', '--reporter', 'xml'], /--reporter must be one of/],
    ['badge-no-json', ['run', '--reporter', 'badge'], /--out <name>\.json/],
    ['only-unknown', ['run', '--only', 'POINTER-FULL,NOPE'], /unknown rule NOPE/],
    ['only-empty', ['run', '--only', ','], /--only names unknown rule/],
    ['shard-0', ['run', '--shard', '0/3'], /--shard: the shard index must be 1…3/],
    ['shard-over', ['run', '--shard', '3/2'], /--shard: the shard index/],
    ['shard-word', ['run', '--shard', 'half'], /--shard: expected i\/n/],
    ['replay-with-runs', ['run', '--replay', `${EX}traces/clean.jsonl`, '--runs', '3'], /--runs applies to generated/],
    ['baseline-missing', ['run', '--baseline', 'nope.txt'], /nope\.txt/],
    ['baseline-and-write', ['run', '--baseline', 'a.txt', '--write-baseline', 'b.txt'], /not both/],
    ['write-baseline-only', ['run', '--write-baseline', 'b.txt', '--only', 'POINTER-FULL'], /--write-baseline needs every rule/],
    ['write-baseline-shard', ['run', '--write-baseline', 'b.txt', '--shard', '1/2'], /--write-baseline needs the whole run/],
    ['write-baseline-bounded', ['run', '--write-baseline', 'b.txt', '--max-seconds', '9'], /--max-seconds may cut/],
    ['max-seconds-0', ['run', '--max-seconds', '0'], /--max-seconds must be an integer from 1/],
    ['max-seconds-word', ['run', '--max-seconds', 'soon'], /--max-seconds must be an integer/],
    ['max-seconds-replay', ['run', '--replay', `${EX}traces/clean.jsonl`, '--max-seconds', '5'], /--max-seconds bounds generated/],
    ['max-heap-small', ['run', '--adapter', `${FX}ref.mjs`, '--max-heap', '10'], /--max-heap must be an integer from 64/],
    ['max-heap-process', ['run', '--process', 'python3 x.py', '--max-heap', '512'], /--max-heap bounds the thread/],
    ['strict-replay', ['run', '--replay', `${EX}traces/clean.jsonl`, '--strict-failures'], /--strict-failures checks the failure database/],
    ['isolate-in-process', ['run', '--isolate'], /--isolate/],
    ['process-empty', ['run', '--process', ''], /--process needs a command line/],
    ['adapter-and-process', ['run', '--adapter', 'a.ts', '--process', 'python3 x.py'], /not both/],
    ['hook-tool-json', ['run', '--hook', 'bash x.sh', '--hook-tool', '{bad'], /--hook-tool/],
    ['levers-unknown', ['run', '--hook', 'bash x.sh', '--levers', 'pointer,warp'], /--levers/],
    ['mcp-args-bad', ['run', '--mcp', 'node x.js', '--mcp-args', 'nope'], /--mcp-args/],
    ['audit-no-trace', ['audit'], /audit: which trace/],
    ['audit-unknown-flag', ['audit', `${EX}traces/clean.jsonl`, '--colour'], /unknown flag --colour/],
    ['audit-two-subjects', ['audit', `${EX}traces/clean.jsonl`, '--adapter', 'a.ts', '--agent', 'claude-code'], /not both/],
    ['audit-agent-unknown', ['audit', `${EX}traces/clean.jsonl`, '--agent', 'nope'], /--agent takes one of/],
    ['bench-workers-0', ['bench', '--workers', '0'], /--workers/],
    ['bench-reads-word', ['bench', '--reads', 'lots'], /--reads must be an integer/],
    ['bench-rate-2', ['bench', '--edit-rate', '2'], /--edit-rate must be a number from 0 to 1/],
    ['bench-timeout-alone', ['bench', '--timeout', '100'], /--timeout applies to --process only/],
    ['bench-isolate-alone', ['bench', '--isolate'], /--isolate applies to --process only/],
    ['spec-reporter', ['spec', '--reporter', 'xml'], /--reporter must be one of/],
    ['gates-config-missing', ['gates', '--config', 'nope.json'], /nope\.json/],
    ['gates-unknown-flag', ['gates', '--colour'], /unknown flag --colour/],
    ['table-no-config', ['table'], /--config/],
    ['mutants-install', ['mutants'], /checkout/],
  ];
  return bad.map(([id, argv, culprit]) => ({ id, group: 'flags', what: argv.join(' ') || '(no arguments)', argv, expect: fault(culprit) }));
}

/** In-process adapters that break in every way the kit can see. */
function adapterRows(): Row[] {
  const run = (adapter: string, ...rest: string[]): string[] => ['run', '--adapter', `${FX}${adapter}`, '--runs', '2', '--no-save', ...rest];
  const rows: Row[] = [
    { id: 'adapter-missing', group: 'adapters', what: 'a module that is not there', argv: ['run', '--adapter', 'nowhere.mjs'], expect: fault(/adapter module not found: nowhere\.mjs/) },
    { id: 'adapter-syntax-mjs', group: 'adapters', what: 'an ES module that does not parse', argv: run('syntax.mjs'), expect: fault(/syntax\.mjs:3: SyntaxError/) },
    { id: 'adapter-syntax-ts', group: 'adapters', what: 'TypeScript that does not parse', argv: run('syntax.ts'), expect: fault(/syntax\.ts:3:\d+/) },
    { id: 'adapter-cjs-package', group: 'adapters', what: 'an ES module .js in a CommonJS package', argv: run('cjs/adapter.js'), expect: fault(/rename it to \.mjs, or add "type": "module"/) },
    { id: 'adapter-no-default', group: 'adapters', what: 'no adapter exported', argv: run('no-default.mjs'), expect: fault(/exports no adapter object/) },
    { id: 'adapter-no-create', group: 'adapters', what: 'no create()', argv: run('no-create.mjs'), expect: fault(/no create\(ctx\) function/) },
    { id: 'adapter-no-seal', group: 'adapters', what: 'capabilities without seal', argv: run('no-seal.mjs'), expect: fault(/seal/) },
    { id: 'adapter-throws-on-load', group: 'adapters', what: 'its module throws on import', argv: run('throws-on-load.mjs'), expect: fault(/failed to load: this module blows up on import/) },
    { id: 'breach-read-number', group: 'adapters', what: 'read() resolves a number', argv: run('breach.mjs'), env: { FAULT: 'number' }, expect: fault(/breach \(.*breach\.mjs\): read\(\) must resolve to a string/) },
    { id: 'breach-claim', group: 'adapters', what: 'decode() returns a malformed claim', argv: run('breach.mjs'), env: { FAULT: 'claim' }, expect: fault(/breach\.mjs\).*malformed claim/) },
    { id: 'breach-claim-string', group: 'adapters', what: 'decode() returns a string', argv: run('breach.mjs'), env: { FAULT: 'string' }, expect: fault(/breach\.mjs\).*malformed claim/) },
    { id: 'chatty-json', group: 'adapters', what: 'console.log everywhere; --reporter json still parses', argv: run('chatty.mjs', '--reporter', 'json'), expect: verdict(0) },
    { id: 'chatty-junit', group: 'adapters', what: 'console.log everywhere; --reporter junit --out -', argv: run('chatty.mjs', '--reporter', 'junit', '--out', '-'), expect: verdict(0) },
    { id: 'shipped-ignores-forget', group: 'adapters', what: 'the shipped failing example', argv: ['run', '--adapter', `${EX}broken/ignores-forget.ts`, '--runs', '2'], expect: verdict(1) },
    { id: 'shipped-minimal', group: 'adapters', what: 'the shipped worked example', argv: ['run', '--adapter', `${EX}minimal-shim/adapter.ts`, '--runs', '3', '--no-save'], expect: verdict(0) },
    { id: 'shipped-design', group: 'adapters', what: 'a shipped design (pointer-only)', argv: ['run', '--adapter', `${EX}designs/pointer-only.ts`, '--runs', '3', '--no-save'], expect: verdict(0) },
    { id: 'audit-decoder-throws', group: 'adapters', what: "audit with a decoder that throws", argv: ['audit', `${EX}traces/clean.jsonl`, '--adapter', `${FX}throws.mjs`], env: { FAULT: 'decode' }, expect: fault(/throws decoder cannot read this recorded response: decode boom/) },
    { id: 'bench-adapter-throws', group: 'adapters', what: 'bench with an adapter whose create throws', argv: ['bench', '--adapter', `${FX}throws.mjs`, '--reads', '40', '--workers', '4', '--baselines', 'none'], env: { FAULT: 'create' }, expect: fault(/throws\.mjs\).*create\(\) threw: create boom/) },
  ];
  const thrown: [string, RegExp][] = [
    ['create', /create\(\) threw/],
    ['decode', /decode\(\) threw/],
    ['forget', /forget\(.*\) threw/],
    ['counters', /counters\(\) of worker \w+ threw/],
    ['close', /close\(\) threw/],
    ['armFlag', /surface\.armFlag\(.*\) threw/],
    ['splitBatch', /splitBatch\(\) threw/],
    ['openHistory', /openHistory\(\) threw/],
    ['timer', /an error thrown outside any call/],
    ['stray', /stray rejection/],
  ];
  for (const [m, said] of thrown)
    rows.push({
      id: `throws-${m.toLowerCase()}`,
      group: 'adapters',
      what: `throws from ${m}`,
      argv: run('throws.mjs'),
      env: { FAULT: m },
      expect: fault(new RegExp(`throws \\(.*throws\\.mjs\\): .*${said.source}.*${m} boom`)),
    });
  for (const m of ['read', 'stale', 'resolveArm', 'persona', 'wrapTool'])
    rows.push({ id: `throws-judged-${m.toLowerCase()}`, group: 'adapters', what: `throws from ${m} (the contract judges it)`, argv: run('throws.mjs'), env: { FAULT: m }, expect: verdict(1) });
  for (const m of ['create', 'timer', 'load', 'swallowed'])
    rows.push({ id: `exits-${m}`, group: 'adapters', what: `process.exit(0) ${m === 'load' ? 'at load' : `in ${m}`}`, argv: run('exits.mjs'), env: { FAULT: m }, expect: fault(/exits\.mjs.* called process\.exit\(0\)/) });
  rows.push(
    { id: 'hangs-never-settles', group: 'adapters', what: 'a read that never settles', argv: run('hangs.mjs', '--timeout', '500'), env: { FAULT: 'never' }, expect: fault(/hangs \(.*hangs\.mjs\): worker \w+: read\(\{"path":.*\}\) did not settle within 500 ms/) },
    { id: 'hangs-loop-read', group: 'adapters', what: 'a synchronous loop in read', argv: run('hangs.mjs', '--timeout', '1000'), env: { FAULT: 'loop-read' }, expect: fault(/hangs\.mjs.*blocked for more than .* while .*read/) },
    { id: 'hangs-loop-timer', group: 'adapters', what: 'a synchronous loop in a timer', argv: run('hangs.mjs', '--timeout', '1000'), env: { FAULT: 'loop-timer' }, expect: fault(/hangs\.mjs.*blocked for more than/) },
    { id: 'hangs-loop-load', group: 'adapters', what: 'a synchronous loop at load', argv: run('hangs.mjs', '--timeout', '1000'), env: { FAULT: 'loop-load' }, expect: fault(/hangs\.mjs/) },
    { id: 'memory-in-call', group: 'adapters', what: 'exhausts its heap in a read', argv: run('memory.mjs', '--max-heap', '128'), env: { FAULT: 'call' }, expect: fault(/memory\.mjs.*ran out of memory/) },
    { id: 'memory-in-timer', group: 'adapters', what: 'leaks between calls, in a timer', argv: ['run', '--adapter', `${FX}memory.mjs`, '--runs', '1000', '--no-save', '--max-heap', '128'], env: { FAULT: 'timer' }, expect: fault(/memory\.mjs.*ran out of memory/) },
  );
  return rows;
}

/** Process shims, hooks, MCP servers and agent CLIs that misbehave. */
function processRows(): Row[] {
  const py = (mode: string, ...rest: string[]): string[] => ['run', '--process', `python3 ${FX}py/broken.py ${mode}`, '--arm', 'cap', '--runs', '2', '--no-save', ...rest];
  const hook = (script: string, ...rest: string[]): string[] => ['run', '--hook', `bash ${FX}hooks/${script}`, '--runs', '1', '--no-save', ...rest];
  const mcp = (command: string, ...rest: string[]): string[] => ['run', '--mcp', command, '--runs', '1', '--no-save', ...rest];
  return [
    { id: 'process-not-found', group: 'process', what: 'a command that does not exist', argv: ['run', '--process', 'no-such-shim-command', '--runs', '1', '--no-save'], expect: fault(/process "no-such-shim-command"/) },
    { id: 'process-file-missing', group: 'process', what: 'python on a missing file', argv: ['run', '--process', `python3 ${FX}py/nope.py`, '--runs', '1', '--no-save'], expect: fault(/process "python3 .*nope\.py"/) },
    { id: 'process-exit-at-start', group: 'process', what: 'exits before hello', argv: py('exit-at-start'), expect: fault(/exited with code 3/) },
    { id: 'process-not-json', group: 'process', what: 'prints prose instead of JSON', argv: py('not-json', '--timeout', '3000'), expect: fault(/process "python3 .*broken\.py not-json"/) },
    { id: 'process-hangs-at-hello', group: 'process', what: 'never answers hello', argv: py('hang-hello', '--timeout', '1500'), expect: fault(/did not answer hello .*within 1500 ms/) },
    { id: 'process-protocol-2', group: 'process', what: 'answers another protocol', argv: py('protocol-2'), expect: fault(/protocol/) },
    { id: 'process-no-capabilities', group: 'process', what: 'hello without capabilities', argv: py('no-caps'), expect: fault(/capabilities/) },
    { id: 'process-closes-stdout', group: 'process', what: 'closes stdout after hello', argv: py('close-stdout', '--timeout', '60000'), limitMs: 40_000, expect: fault(/closed its stdout/) },
    { id: 'process-crash', group: 'process', what: 'crashes mid-history', argv: py('crash'), expect: fault(/process "python3 .*broken\.py crash"/) },
    { id: 'process-garbage-line', group: 'process', what: 'prints a non-JSON line mid-history', argv: py('garbage'), expect: fault(/process "python3 .*broken\.py garbage"/) },
    { id: 'process-wrong-id', group: 'process', what: 'answers with a wrong id', argv: py('wrong-id'), expect: fault(/process "python3 .*broken\.py wrong-id"/) },
    { id: 'process-hangs-mid-history', group: 'process', what: 'stops answering mid-history', argv: py('hang-read', '--timeout', '1500'), expect: fault(/did not answer read/) },
    { id: 'process-grandchild', group: 'process', what: 'crashes leaving a grandchild holding stdout', argv: py('grandchild', '--timeout', '5000'), expect: fault(/process "python3 .*broken\.py grandchild"/) },
    { id: 'process-stderr-chatter', group: 'process', what: 'chatter on stderr, answers truthfully', argv: py('stderr', '--reporter', 'json'), expect: verdict(0) },
    { id: 'process-shipped-delivery', group: 'process', what: 'the shipped truthful Python shim', argv: ['run', '--process', `python3 ${EX}python/delivery_shim.py`, '--arm', 'cap', '--runs', '2', '--no-save'], expect: verdict(0) },
    { id: 'process-shipped-mtime', group: 'process', what: 'the shipped lying Python shim', argv: ['run', '--process', `python3 ${EX}python/mtime_shim.py`, '--arm', 'cap', '--runs', '2'], expect: verdict(1) },
    { id: 'process-tmpdir-missing', group: 'process', what: 'TMPDIR that does not exist', argv: ['run', '--process', 'python3 x.py'], env: { TMPDIR: '/nonexistent/readshim-tmp' }, expect: fault(/TMPDIR=\/nonexistent\/readshim-tmp: no such directory/) },
    { id: 'process-tmpdir-file', group: 'process', what: 'TMPDIR that is a file', argv: ['run', '--process', 'python3 x.py'], files: { 'tmpfile': 'x' }, env: { TMPDIR: 'tmpfile' }, expect: fault(/TMPDIR=tmpfile: not a directory/) },
    { id: 'bench-process-missing', group: 'process', what: 'bench on a command that does not exist', argv: ['bench', '--process', 'no-such-shim-command', '--reads', '40', '--workers', '4'], expect: fault(/no-such-shim-command/) },
    { id: 'isolate-without-bwrap', group: 'isolate', what: '--isolate where bubblewrap is not installed', argv: ['run', '--process', `python3 ${EX}python/delivery_shim.py`, '--isolate', '--runs', '1'], noBwrap: true, expect: fault(/bubblewrap/) },
    { id: 'isolate-process', group: 'isolate', what: '--isolate with bubblewrap: a truthful process shim', argv: ['run', '--process', `python3 ${EX}python/delivery_shim.py`, '--arm', 'cap', '--isolate', '--runs', '2', '--no-save'], needsBwrap: true, expect: verdict(0) },
    { id: 'isolate-process-lies', group: 'isolate', what: '--isolate with bubblewrap: a lying process shim', argv: ['run', '--process', `python3 ${EX}python/mtime_shim.py`, '--arm', 'cap', '--isolate', '--runs', '2'], needsBwrap: true, expect: verdict(1) },
    { id: 'isolate-hook', group: 'isolate', what: '--isolate with bubblewrap: a hook', argv: ['run', '--hook', `bash ${EX}hooks/mtime-dedup.sh`, '--replay', `${EX}traces/same-second-edit.jsonl`, '--isolate'], needsBwrap: true, expect: verdict(1) },
    { id: 'isolate-mcp', group: 'isolate', what: '--isolate with bubblewrap: an MCP server', argv: ['run', '--mcp', `node ${EX}mcp/hash-cache-server.js`, '--isolate', '--runs', '1', '--only', 'ISOLATION'], needsBwrap: true, expect: verdict(1) },
    { id: 'hook-missing-script', group: 'hooks', what: 'a hook script that is not there', argv: hook('nope.sh'), expect: fault(/hook/) },
    { id: 'hook-garbage', group: 'hooks', what: 'a hook that answers {not json', argv: hook('garbage.sh'), expect: fault(/hook/) },
    { id: 'hook-hangs', group: 'hooks', what: 'a hook that never ends', argv: hook('hangs.sh', '--timeout', '1000'), expect: fault(/hook .*1000 ms|within 1000 ms/) },
    { id: 'hook-always-fails', group: 'hooks', what: 'a hook that exits 1 every time', argv: hook('fails.sh'), expect: fault(/hook/) },
    { id: 'hook-deny-all', group: 'hooks', what: 'a hook that denies every read with a reason the kit cannot read', argv: hook('deny-all.sh'), expect: fault(/withheld .* with a reason that is neither a unified diff nor a pointer/) },
    { id: 'hook-shipped-mtime', group: 'hooks', what: 'the shipped lying hook, on its trace', argv: ['run', '--hook', `bash ${EX}hooks/mtime-dedup.sh`, '--replay', `${EX}traces/same-second-edit.jsonl`], expect: verdict(1) },
    { id: 'hook-shipped-content', group: 'hooks', what: 'the shipped truthful hook', argv: ['run', '--hook', `bash ${EX}hooks/content-dedup.sh`, '--hook-post', `bash ${EX}hooks/content-dedup-post.sh`, '--hook-compact', `bash ${EX}hooks/content-dedup-compact.sh`, '--runs', '1', '--no-save'], expect: verdict(0) },
    { id: 'mcp-missing', group: 'mcp', what: 'a server file that is not there', argv: mcp(`node ${FX}mcp/nope.mjs`), expect: fault(/nope\.mjs/) },
    { id: 'mcp-exits', group: 'mcp', what: 'a server that exits at once', argv: mcp('node -e "process.exit(3)"'), expect: fault(/exit|code 3/) },
    { id: 'mcp-no-tools', group: 'mcp', what: 'a server with no read tool', argv: mcp(`node ${FX}mcp/no-tools.mjs`), expect: fault(/tool/) },
    { id: 'mcp-tool-unknown', group: 'mcp', what: '--mcp-tool naming no tool', argv: mcp(`node ${EX}mcp/hash-cache-server.js`, '--mcp-tool', 'nope'), expect: fault(/nope/) },
    { id: 'mcp-shipped-hash', group: 'mcp', what: 'the shipped lying server', argv: mcp(`node ${EX}mcp/hash-cache-server.js`), expect: verdict(1) },
    { id: 'mcp-shipped-session', group: 'mcp', what: 'the shipped truthful server', argv: mcp(`node ${EX}mcp/session-cache-server.js`, '--mcp-compact', 'forget'), expect: verdict(0) },
    { id: 'mcp-filesystem', group: 'mcp', what: "the registry's filesystem server, pinned", argv: mcp('npx -y @modelcontextprotocol/server-filesystem@2026.8.31 {root}', '--mcp-tool', 'read_text_file'), expect: verdict(0) },
    { id: 'agent-unknown', group: 'agents', what: 'an agent the kit has no profile for', argv: ['run', '--agent', 'nope'], expect: fault(/--agent/) },
    { id: 'agent-not-installed', group: 'agents', what: 'a CLI that is not installed', argv: ['run', '--agent', 'claude-code', '--runs', '1'], expect: fault(/not installed.*npm install --prefix \.agent-clis/) },
    { id: 'agent-profile-missing', group: 'agents', what: 'a profile module that is not there', argv: ['run', '--agent-profile', `${FX}nope.mjs`], expect: fault(/nope\.mjs/) },
    { id: 'agent-command-missing', group: 'agents', what: '--agent-command that does not exist', argv: ['run', '--agent', 'claude-code', '--agent-command', 'no-such-cli', '--runs', '1', '--no-save'], expect: fault(/no-such-cli/) },
  ];
}

/** Traces (replayed, audited) and failure databases a repository mangled. */
function traceRows(clean: string): Row[] {
  const header = (field: string, value: unknown): string => withHeader(clean, field, value);
  const traces: [string, string, RegExp][] = [
    ['not-json', 'this is not json\n', /t\.jsonl is not a readshim trace: line 1/],
    ['empty', '', /t\.jsonl is not a readshim trace: .*empty trace/],
    ['no-kit', header('kit', undefined), /header needs "kit"/],
    ['cap-2', header('cap', 2), /header "cap" must be an integer from 4 .* got 2/],
    ['cap-huge', header('cap', 99_999_999_999), /header "cap" must be .* got 99999999999/],
    ['spec-banana', header('specVersion', 'banana'), /header "specVersion" must be a version number/],
    ['spec-newer', header('specVersion', '99.0'), /is a trace of spec 99\.0/],
    ['seal-empty', header('seal', ''), /non-empty string "seal"/],
    ['arm-bad', header('arm', 'Diff'), /header "arm" must be/],
    ['event-unknown', `${clean.trimEnd()}\n{"type":"teleport","worker":"w1"}\n`, /line \d+: unknown event type "teleport"/],
    ['path-escape', `${clean.trimEnd()}\n{"type":"write","path":"../../etc/x","content":"x","mtimeMs":1}\n`, /outside the path domain/],
    ['write-no-content', `${clean.trimEnd()}\n{"type":"write","path":"a.ts","mtimeMs":1}\n`, /write needs string "content"/],
    ['conflict', `<<<<<<< HEAD\n${clean}=======\n${clean}>>>>>>> theirs\n`, /t\.jsonl is not a readshim trace/],
  ];
  const rows: Row[] = [];
  for (const [id, text, culprit] of traces) {
    rows.push({ id: `replay-${id}`, group: 'traces', what: `run --replay: ${id}`, argv: ['run', '--replay', 't.jsonl'], files: { 't.jsonl': text }, expect: fault(culprit) });
    rows.push({ id: `audit-${id}`, group: 'traces', what: `audit: ${id}`, argv: ['audit', 't.jsonl'], files: { 't.jsonl': text }, expect: fault(culprit) });
  }
  const lever = withHeader(withHeader(clean, 'arm', undefined), 'levers', ['pointer']);
  rows.push(
    { id: 'replay-missing', group: 'traces', what: 'run --replay: no such file', argv: ['run', '--replay', 'nope.jsonl'], expect: fault(/cannot read trace nope\.jsonl: ENOENT/) },
    { id: 'audit-missing', group: 'traces', what: 'audit: no such file', argv: ['audit', 'nope.jsonl'], expect: fault(/cannot read trace nope\.jsonl: ENOENT/) },
    { id: 'replay-levers-for-arms', group: 'traces', what: 'a lever trace replayed on an arm shim', argv: ['run', '--replay', 't.jsonl'], files: { 't.jsonl': lever }, expect: fault(/recorded for a shim with levers/) },
    { id: 'replay-clean', group: 'traces', what: 'the shipped clean trace', argv: ['run', '--replay', `${EX}traces/clean.jsonl`], expect: verdict(0) },
    { id: 'replay-compaction-lie', group: 'traces', what: 'the shipped clean trace (with a compaction) on the failing example', argv: ['run', '--adapter', `${EX}broken/ignores-forget.ts`, '--replay', `${EX}traces/clean.jsonl`], expect: verdict(1) },
    { id: 'audit-clean', group: 'traces', what: 'audit of the shipped clean trace', argv: ['audit', `${EX}traces/clean.jsonl`], expect: verdict(0) },
    { id: 'audit-with-lie', group: 'traces', what: 'audit of the shipped trace with a lie', argv: ['audit', `${EX}traces/with-lie.jsonl`], expect: verdict(1) },
  );
  const db = (name: string, text: string): Record<string, string> => ({ [`.readshim/failures/${name}`]: text });
  const conflict = `<<<<<<< HEAD\n${clean}=======\n${clean}>>>>>>> theirs\n`;
  rows.push(
    { id: 'db-corrupt', group: 'failure-db', what: 'a corrupt trace: skipped with a line', argv: ['run', '--runs', '2'], files: db('FORGET-RESETS-0000000001.jsonl', '{broken'), expect: verdict(0) },
    { id: 'db-corrupt-strict', group: 'failure-db', what: 'a corrupt trace under --strict-failures', argv: ['run', '--runs', '2', '--strict-failures'], files: db('FORGET-RESETS-0000000001.jsonl', '{broken'), expect: fault(/--strict-failures: .*FORGET-RESETS-0000000001\.jsonl/) },
    { id: 'db-conflict', group: 'failure-db', what: 'a merge conflict in a trace: skipped', argv: ['run', '--runs', '2'], files: db('FORGET-RESETS-0000000002.jsonl', conflict), expect: verdict(0) },
    { id: 'db-conflict-strict', group: 'failure-db', what: 'a merge conflict under --strict-failures', argv: ['run', '--runs', '2', '--strict-failures'], files: db('FORGET-RESETS-0000000002.jsonl', conflict), expect: fault(/merge conflict marker/) },
    { id: 'db-newer-spec-strict', group: 'failure-db', what: 'a trace of a newer spec under --strict-failures', argv: ['run', '--runs', '2', '--strict-failures'], files: db('FORGET-RESETS-0000000003.jsonl', header('specVersion', '99.0')), expect: fault(/spec 99\.0/) },
    { id: 'db-impossible-cap', group: 'failure-db', what: 'a trace with cap 2: skipped', argv: ['run', '--runs', '2'], files: db('FORGET-RESETS-0000000004.jsonl', header('cap', 2)), expect: verdict(0) },
    { id: 'db-readme', group: 'failure-db', what: 'a README among the traces', argv: ['run', '--runs', '2', '--strict-failures'], files: db('README.md', '# our regressions\n'), expect: verdict(0) },
    { id: 'db-dotfile', group: 'failure-db', what: 'a .gitkeep among the traces', argv: ['run', '--runs', '2', '--strict-failures'], files: db('.gitkeep', ''), expect: verdict(0) },
    { id: 'db-other-adapter', group: 'failure-db', what: "another adapter's trace: not replayed", argv: ['run', '--runs', '2', '--strict-failures'], files: db('FORGET-RESETS-0000000005.jsonl', header('adapter', 'someone-else')), expect: verdict(0) },
    { id: 'db-valid-replayed', group: 'failure-db', what: 'a valid committed trace replayed first', argv: ['run', '--runs', '2', '--strict-failures'], files: db('FORGET-RESETS-0000000006.jsonl', clean), expect: verdict(0) },
    { id: 'db-is-a-file', group: 'failure-db', what: '--failures naming a file', argv: ['run', '--runs', '2', '--failures', 'db'], files: { db: 'x' }, expect: fault(/failure database db: .*not a directory|db is not a directory/) },
    { id: 'db-below-a-file', group: 'failure-db', what: '--failures below a file', argv: ['run', '--runs', '2', '--failures', 'file/db'], files: { file: 'x' }, expect: fault(/failure database file\/db: .*not a directory/) },
  );
  return rows;
}

export function inputRows(clean: string): Row[] {
  return [...flagRows(), ...adapterRows(), ...processRows(), ...traceRows(clean)];
}
