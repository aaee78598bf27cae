// Drives fdr's DAP server with @vscode/debugadapter-testsupport's DebugClient, the client VS
// Code's own debug adapters are tested with. Run by DapClientTest (JUnit), which records the
// racy counter to a dump and serves it on a loopback port:
//
//   node dap-client-test.js PORT SOURCE LINE SOURCE_ROOT
//
// SOURCE is the absolute path of racy-counter.s, LINE the line of its store to the counter.
// Prints one line per check; exits 0 when all passed, 1 at the first failure.
'use strict';

const assert = require('assert');
const { DebugClient } = require('@vscode/debugadapter-testsupport');

const [port, source, lineText, sourceRoot] = process.argv.slice(2);
const line = Number(lineText);

let lastStop;

function check(what) {
  console.log('ok - ' + what);
}

async function value(dc, threadId, expression) {
  const frames = await dc.stackTraceRequest({ threadId });
  const r = await dc.evaluateRequest({ expression, frameId: frames.body.stackFrames[0].id, context: 'repl' });
  const m = /= (-?\d+) \(0x[0-9a-f]+\)$/.exec(r.body.result);
  assert.ok(m, 'print output "' + r.body.result + '" is not "EXPR = DEC (0xHEX)"');
  return BigInt(m[1]);
}

async function main() {
  const dc = new DebugClient('unused', 'unused', 'fdr');
  dc.defaultTimeout = 30000;
  // The last stopped event, for its thread (assertStoppedLocation keeps the event to itself).
  dc.on('stopped', e => { lastStop = e; });
  await dc.start(Number(port));

  // initialize: the capabilities a replay debugger promises.
  const initialized = dc.waitForEvent('initialized');
  const init = await dc.initializeRequest({ adapterID: 'fdr', linesStartAt1: true, columnsStartAt1: true,
    pathFormat: 'path' });
  assert.strictEqual(init.body.supportsStepBack, true, 'supportsStepBack');
  assert.strictEqual(init.body.supportsDataBreakpoints, true, 'supportsDataBreakpoints');
  assert.strictEqual(init.body.supportsConfigurationDoneRequest, true, 'supportsConfigurationDoneRequest');
  assert.strictEqual(init.body.supportsConditionalBreakpoints, true, 'supportsConditionalBreakpoints');
  await initialized;
  check('initialize: supportsStepBack, data breakpoints, configurationDone, conditional breakpoints');

  // launch, a source breakpoint on the store, configurationDone: the replay runs to the first hit.
  const launched = dc.launchRequest({ sourceRoot });
  const bp = await dc.setBreakpointsRequest({ source: { path: source }, breakpoints: [{ line }] });
  assert.strictEqual(bp.body.breakpoints[0].verified, true, 'breakpoint verified');
  assert.strictEqual(bp.body.breakpoints[0].line, line, 'breakpoint line');
  const off = await dc.setBreakpointsRequest({ source: { path: source }, breakpoints: [{ line: 1 }] });
  assert.notStrictEqual(off.body.breakpoints[0].line, 1, 'a comment line moves to the next instruction');
  await dc.setBreakpointsRequest({ source: { path: source }, breakpoints: [{ line }] });
  check('setBreakpoints: line ' + line + ' verified; line 1 (a comment) moved to line ' + off.body.breakpoints[0].line);

  let stopped = dc.assertStoppedLocation('breakpoint', { path: source, line });
  await dc.configurationDoneRequest();
  await launched;
  const first = await stopped;
  const firstStop = lastStop;
  const firstThread = firstStop.body.threadId;
  const firstIc = await value(dc, firstThread, 'ic');
  check('continue: stopped at the breakpoint (thread ' + firstThread + ', ic ' + firstIc + ')');

  // threads: one per processor.
  const threads = await dc.threadsRequest();
  const names = threads.body.threads.map(t => t.name);
  for (let c = 0; c < 4; c++) {
    assert.ok(names.includes('cpu ' + c), 'thread "cpu ' + c + '" in ' + JSON.stringify(names));
  }
  check('threads: ' + names.join(', '));

  // stack, scopes and variables of the stopped processor.
  const frame = first.body.stackFrames[0];
  assert.strictEqual(frame.source.path, source, 'frame source');
  const scopes = await dc.scopesRequest({ frameId: frame.id });
  const scopeNames = scopes.body.scopes.map(s => s.name);
  assert.deepStrictEqual(scopeNames, ['Registers', 'CSRs', 'Data labels']);
  const regs = await dc.variablesRequest({ variablesReference: scopes.body.scopes[0].variablesReference });
  assert.strictEqual(regs.body.variables.length, 32, '32 registers');
  const data = await dc.variablesRequest({ variablesReference: scopes.body.scopes[2].variablesReference });
  const counter = data.body.variables.find(v => v.name === 'counter');
  assert.ok(counter, 'data label "counter" in ' + JSON.stringify(data.body.variables.map(v => v.name)));
  // The store's base register r2 holds the counter's address ('la r2, counter').
  const r2 = regs.body.variables.find(v => v.name === 'r2');
  assert.ok(r2.value.endsWith('(' + counter.memoryReference + ')'), 'r2 = ' + r2.value + ', counter at '
    + counter.memoryReference);
  const csrs = await dc.variablesRequest({ variablesReference: scopes.body.scopes[1].variablesReference });
  const cpuid = csrs.body.variables.find(v => v.name === 'cpuid');
  assert.ok(cpuid, 'CSR cpuid in ' + JSON.stringify(csrs.body.variables.map(v => v.name)));
  assert.strictEqual(cpuid.value.split(' ')[0], String(firstThread - 1), 'cpuid of thread ' + firstThread);
  check('stackTrace, scopes, variables: 32 registers, r2 = &counter (' + counter.memoryReference + '), cpuid');

  // evaluate is print.
  const printed = await dc.evaluateRequest({ expression: 'counter', frameId: frame.id, context: 'repl' });
  assert.ok(printed.body.result.startsWith('counter = '), 'evaluate counter: ' + printed.body.result);
  check('evaluate: ' + printed.body.result);
  await assert.rejects(dc.evaluateRequest({ expression: 'r3 +', frameId: frame.id, context: 'hover' }),
    'a bad expression is an error response');
  // In the debug console a line that is not an expression is a debugger command.
  const cpus = await dc.evaluateRequest({ expression: 'info cpus', frameId: frame.id, context: 'repl' });
  for (let c = 0; c < 4; c++) {
    assert.ok(cpus.body.result.includes('cpu ' + c), 'info cpus names cpu ' + c + ': ' + cpus.body.result);
  }
  check('evaluate: a bad expression is an error; "info cpus" in the debug console runs the command');

  // continue to the second hit, then reverseContinue: back to the previous hit, the first one.
  stopped = dc.assertStoppedLocation('breakpoint', { path: source, line });
  await dc.continueRequest({ threadId: firstThread });
  await stopped;
  const second = lastStop;
  const secondThread = second.body.threadId;
  const secondIc = await value(dc, secondThread, 'ic');
  assert.ok(secondThread !== firstThread || secondIc !== firstIc, 'the second hit is not the first');
  check('continue: the second hit (thread ' + secondThread + ', ic ' + secondIc + ')');

  stopped = dc.assertStoppedLocation('breakpoint', { path: source, line });
  await dc.reverseContinueRequest({ threadId: secondThread });
  await stopped;
  const back = lastStop;
  assert.strictEqual(back.body.threadId, firstThread, 'reverseContinue lands on the first hit\'s thread');
  assert.strictEqual(await value(dc, firstThread, 'ic'), firstIc, 'reverseContinue lands on the first hit\'s ic');
  check('reverseContinue: back at the first hit (thread ' + firstThread + ', ic ' + firstIc + ')');

  // stepBack: the processor one line (here one instruction) back, the add before the store.
  stopped = dc.assertStoppedLocation('step', { path: source, line: line - 1 });
  await dc.stepBackRequest({ threadId: firstThread });
  await stopped;
  assert.strictEqual(lastStop.body.threadId, firstThread, 'stepBack stays on its thread');
  assert.strictEqual(await value(dc, firstThread, 'ic'), firstIc - 1n, 'ic after stepBack');
  check('stepBack: thread ' + firstThread + ' back at line ' + (line - 1) + ', ic ' + (firstIc - 1n));

  // A data breakpoint on the counter: the next store to it stops with reason "data breakpoint".
  const info = await dc.dataBreakpointInfoRequest({ variablesReference: scopes.body.scopes[2].variablesReference,
    name: 'counter' });
  assert.ok(info.body.dataId, 'dataBreakpointInfo counter: ' + JSON.stringify(info.body));
  await dc.setBreakpointsRequest({ source: { path: source }, breakpoints: [] });
  const set = await dc.setDataBreakpointsRequest({ breakpoints: [{ dataId: info.body.dataId, accessType: 'write' }] });
  assert.strictEqual(set.body.breakpoints[0].verified, true, 'data breakpoint verified');
  const watched = dc.waitForEvent('stopped');
  await dc.continueRequest({ threadId: firstThread });
  const hit = await watched;
  assert.strictEqual(hit.body.reason, 'data breakpoint');
  check('data breakpoint on counter: stopped, ' + (hit.body.description || ''));

  // pause while stopped: a stopped event with reason "pause" at once.
  const paused = dc.waitForEvent('stopped');
  await dc.pauseRequest({ threadId: firstThread });
  assert.strictEqual((await paused).body.reason, 'pause');
  check('pause: stopped, reason pause');

  // A breakpoint made in the debug console shows in the client's list (breakpoint event), and goes.
  const made = dc.waitForEvent('breakpoint');
  await dc.evaluateRequest({ expression: 'break racy-counter.s:' + line, context: 'repl' });
  const created = await made;
  assert.strictEqual(created.body.reason, 'new');
  assert.strictEqual(created.body.breakpoint.line, line, 'console breakpoint line');
  assert.strictEqual(created.body.breakpoint.source.path, source, 'console breakpoint source');
  const removed = dc.waitForEvent('breakpoint');
  await dc.evaluateRequest({ expression: 'delete ' + created.body.breakpoint.id, context: 'repl' });
  assert.strictEqual((await removed).body.reason, 'removed');
  check('console "break" / "delete": breakpoint events new (line ' + line + ') and removed');

  // No breakpoints left: continue runs to the end of the replay.
  await dc.setDataBreakpointsRequest({ breakpoints: [] });
  const terminated = dc.waitForEvent('terminated');
  await dc.continueRequest({ threadId: firstThread });
  await terminated;
  check('continue to the end: terminated');

  await dc.disconnectRequest({});
  check('disconnect');
  dc.stopAdapter();
}

main().then(() => {
  console.log('DAP client test: all checks passed');
  process.exit(0);
}, e => {
  console.log('not ok - ' + (e && e.stack ? e.stack : e));
  process.exit(1);
});
