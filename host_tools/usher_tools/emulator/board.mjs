// An emulated Raspberry Pi Pico (rp2040js) for usher_tools.emulator.board (the Pico class).
//
// The host (Python) drives it over stdin/stdout in frames: a type byte, a
// little-endian u32 length, the payload. Time moves only when the host says
// "run until T", so a script is deterministic. The gaps of rp2040js 1.4.1 are
// covered here, never in the firmware:
//   - flash writes: the boot ROM's erase/program entries become breakpoints
//     that this file carries out on the flash array (and on the flash file,
//     so a power cut anywhere leaves the file as the chip would be), taking
//     the chip's time only if asked (conf.flashUs);
//   - USB CDC: an OUT read waits until host bytes are queued (no interrupt
//     storm), and host bytes wait in an unbounded queue (none dropped);
//   - SPI: each byte takes its time at the configured baud rate (DMA writes
//     finish), tagged with the D/C pin's level;
//   - no pull-ups: the host drives every button pin (released = high);
//   - I2C: answered per transfer for the addresses the board has.
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';

const FLASH_BYTES = 2 * 1024 * 1024;
const SECTOR = 4096;
const ROM_ERASE = 0x4552; // 'R','E': flash_range_erase
const ROM_PROGRAM = 0x5052; // 'R','P': flash_range_program
const BKPT_ERASE = 0xe0;
const BKPT_PROGRAM = 0xe1;

const conf = JSON.parse(process.argv[2]);
// the pinned rp2040js of .node/ (an ES module is not found by NODE_PATH)
const { Simulator, USBCDC } = await import(pathToFileURL(conf.rp2040js).href);
const sim = new Simulator();
const mcu = sim.rp2040;
const clock = sim.clock;
// stdout carries the frames: the emulator's own notes go to stderr, errors only
const quiet = () => {};
mcu.logger = { debug: quiet, info: quiet, warn: quiet, error: (c, m) => process.stderr.write(`${c}: ${m}\n`) };

// ---- frames to the host ------------------------------------------------
const outQueue = [];
function send(type, payload) {
  const head = Buffer.alloc(5);
  head[0] = type.charCodeAt(0);
  head.writeUInt32LE(payload.length, 1);
  outQueue.push(head, Buffer.from(payload.buffer, payload.byteOffset, payload.length));
}
function flushOut() {
  if (outQueue.length) {
    const all = Buffer.concat(outQueue);
    outQueue.length = 0;
    fs.writeSync(1, all);
  }
}
function f64(v) {
  const b = Buffer.alloc(8);
  b.writeDoubleLE(v);
  return b;
}
const nowUs = () => clock.nanos / 1000;

// ---- boot ROM with the flash routines trapped ----------------------------
const rom = new Uint8Array(fs.readFileSync(conf.bootrom));
const romView = new DataView(rom.buffer);
function romFunc(code) {
  let p = romView.getUint16(0x14, true); // the function table's address
  for (;;) {
    const c = romView.getUint16(p, true);
    if (c === 0) throw new Error('boot ROM has no function ' + code.toString(16));
    if (c === code) return romView.getUint16(p + 2, true) & ~1;
    p += 4;
  }
}
romView.setUint16(romFunc(ROM_ERASE), 0xbe00 | BKPT_ERASE, true);
romView.setUint16(romFunc(ROM_PROGRAM), 0xbe00 | BKPT_PROGRAM, true);
mcu.loadBootrom(new Uint32Array(rom.buffer));

// ---- flash: the file is the chip ------------------------------------------
const flashFd = fs.openSync(conf.flash, fs.existsSync(conf.flash) ? 'r+' : 'w+');
if (fs.fstatSync(flashFd).size !== FLASH_BYTES) {
  fs.ftruncateSync(flashFd, 0);
  fs.writeSync(flashFd, Buffer.alloc(FLASH_BYTES, 0xff), 0, FLASH_BYTES, 0);
}
fs.readSync(flashFd, mcu.flash, 0, FLASH_BYTES, 0);
function persist(offset, length) {
  fs.writeSync(flashFd, mcu.flash, offset, length, offset);
}

// A UF2 copied onto the drive: each 4 KB sector it touches is erased, then
// its 256-byte blocks programmed; the rest of the flash (the filesystem) stays.
if (conf.uf2) {
  const uf2 = fs.readFileSync(conf.uf2);
  const erased = new Set();
  for (let at = 0; at + 512 <= uf2.length; at += 512) {
    const blk = uf2.subarray(at, at + 512);
    if (blk.readUInt32LE(0) !== 0x0a324655 || blk.readUInt32LE(4) !== 0x9e5d5157) continue;
    if (blk.readUInt32LE(8) & 1) continue; // "not main flash"
    const addr = blk.readUInt32LE(12) - 0x10000000;
    const size = blk.readUInt32LE(16);
    const sector = addr & ~(SECTOR - 1);
    if (!erased.has(sector)) {
      mcu.flash.fill(0xff, sector, sector + SECTOR);
      erased.add(sector);
    }
    mcu.flash.set(blk.subarray(32, 32 + size), addr);
  }
  for (const s of erased) persist(s, SECTOR);
}

let flashOps = 0;
let cut = null; // {after: ops to let through, torn: bool}
let halted = '';
function flashOp(kind, offset, length, apply) {
  flashOps += 1;
  if (cut && cut.after-- <= 0) {
    // the power goes in the middle of this operation
    if (cut.torn) {
      apply(offset, Math.floor(length / 2));
      persist(offset, length);
    }
    halted = 'cut';
    sim.stop();
    send('K', Buffer.from(JSON.stringify({ kind, offset, length, torn: cut.torn, ops: flashOps })));
    return;
  }
  apply(offset, length);
  persist(offset, length);
  send('F', Buffer.from(JSON.stringify({ kind, offset, length, ops: flashOps, t: nowUs() })));
  // the chip's own time (conf.flashUs: [µs a 4 KB sector erase, µs a 256-byte
  // page program], a datasheet's figures): rp2040js does a trapped ROM call
  // in no time at all. The CPU waits it out, busy (the ROM polls the chip,
  // so its cycles count: the host's settle sees no idle chip); alarms fall
  // due meanwhile and their interrupts are taken after, as when the port's
  // flash call returns
  const us = conf.flashUs;
  if (us) {
    const ns = 1000 * (kind === 'erase' ? Math.ceil(length / SECTOR) * us[0] : Math.ceil(length / 256) * us[1]);
    clock.tick(ns);
    cycles += (ns * mcu.clkSys) / 1e9;
  }
}
mcu.onBreak = (code) => {
  const core = mcu.core;
  const r = core.registers;
  if (code === BKPT_ERASE) {
    const offset = r[0];
    const length = r[1];
    flashOp('erase', offset, length, (o, n) => mcu.flash.fill(0xff, o, o + n));
  } else if (code === BKPT_PROGRAM) {
    const offset = r[0];
    const data = r[1];
    const length = r[2];
    flashOp('program', offset, length, (o, n) => {
      for (let i = 0; i < n; i++) mcu.flash[o + i] &= mcu.readUint8(data + i); // NOR: bits only clear
    });
  } else {
    halted = 'breakpoint ' + code;
    sim.stop();
    send('E', Buffer.from(JSON.stringify({ what: 'breakpoint', code, pc: core.PC, lr: core.LR, sp: core.SP, r: Array.from(core.registers) })));
    return;
  }
  core.PC = core.LR & ~1; // return from the trapped ROM routine
};

// ---- buttons: driven by the host ------------------------------------------
for (const [pin, level] of conf.inputs) mcu.gpio[pin].setInputValue(!!level);

// watched outputs (the panel's reset, chip select, backlight)
for (const pin of conf.watch) {
  let last = mcu.gpio[pin].outputValue;
  mcu.gpio[pin].addListener(() => {
    const v = mcu.gpio[pin].outputValue;
    if (v !== last) {
      last = v;
      send('P', Buffer.concat([Buffer.from([pin, v ? 1 : 0]), f64(nowUs())]));
    }
  });
}

// ---- SPI: bytes at the baud rate, tagged with D/C ---------------------------
let spiRun = null; // {bus, dc, t0, t1, bytes: []}
function spiFlush() {
  if (spiRun && spiRun.bytes.length) {
    const head = Buffer.concat([Buffer.from([spiRun.bus, spiRun.dc]), f64(spiRun.t0), f64(spiRun.t1)]);
    send('S', Buffer.concat([head, Buffer.from(spiRun.bytes)]));
  }
  spiRun = null;
}
if (conf.spi) {
  const bus = conf.spi.bus;
  const spi = mcu.spi[bus];
  const done = clock.createAlarm(() => spi.completeTransmit(0));
  spi.onTransmit = (value) => {
    const dc = mcu.gpio[conf.spi.dc].outputValue ? 1 : 0;
    const cs = conf.spi.cs >= 0 ? mcu.gpio[conf.spi.cs].outputValue : false;
    const t = nowUs();
    if (!cs) {
      if (!spiRun || spiRun.dc !== dc || spiRun.bytes.length >= 65536) {
        spiFlush();
        spiRun = { bus, dc, t0: t, t1: t, bytes: [] };
      }
      spiRun.bytes.push(value);
      spiRun.t1 = t;
    }
    const hz = spi.clockFrequency || 1e6;
    done.schedule((spi.dataBits * 1e9) / hz);
  };
}

// ---- I2C: one transfer at a time, each byte nine clocks --------------------
if (conf.i2c) {
  const i2c = mcu.i2c[conf.i2c.bus];
  const byteNs = (9 * 1e9) / conf.i2c.freq;
  let xfer = null;
  let pending = null;
  const later = clock.createAlarm(() => {
    const f = pending;
    pending = null;
    f();
  });
  const after = (ns, f) => {
    pending = f;
    later.schedule(ns);
  };
  i2c.onStart = () => after(byteNs / 9, () => i2c.completeStart());
  i2c.onConnect = (addr, mode) => {
    const ack = conf.i2c.addrs.includes(addr);
    xfer = ack && mode === 0 ? { addr, t0: nowUs(), bytes: [] } : null;
    after(byteNs, () => i2c.completeConnect(ack));
  };
  i2c.onWriteByte = (v) => {
    if (xfer) xfer.bytes.push(v);
    after(byteNs, () => i2c.completeWrite(true));
  };
  i2c.onReadByte = () => after(byteNs, () => i2c.completeRead(0xff));
  i2c.onStop = () => {
    if (xfer && xfer.bytes.length) {
      const head = Buffer.concat([Buffer.from([conf.i2c.bus, xfer.addr]), f64(xfer.t0), f64(nowUs())]);
      send('I', Buffer.concat([head, Buffer.from(xfer.bytes)]));
    }
    xfer = null;
    after(byteNs / 9, () => i2c.completeStop());
  };
}

// ---- USB CDC: the serial port ---------------------------------------------
const cdc = new USBCDC(mcu.usbCtrl);
const toDevice = []; // chunks from the host, not yet read by the device
let toDeviceBytes = 0;
let readWaiting = null; // the device's OUT read, held until bytes are queued
let connected = false;
cdc.onDeviceConnected = () => {
  connected = true;
  send('C', Buffer.alloc(0));
};
cdc.onSerialData = (data) => send('U', Buffer.from(data));
function serveRead() {
  if (!readWaiting || !toDeviceBytes) return;
  const { endpoint, size } = readWaiting;
  readWaiting = null;
  const n = Math.min(size, toDeviceBytes);
  const buf = new Uint8Array(n);
  let got = 0;
  while (got < n) {
    const chunk = toDevice[0];
    const take = Math.min(n - got, chunk.length);
    buf.set(chunk.subarray(0, take), got);
    got += take;
    if (take === chunk.length) toDevice.shift();
    else toDevice[0] = chunk.subarray(take);
  }
  toDeviceBytes -= n;
  mcu.usbCtrl.endpointReadDone(endpoint, buf);
}
mcu.usbCtrl.onEndpointRead = (endpoint, size) => {
  if (endpoint === cdc.outEndpoint) {
    readWaiting = { endpoint, size };
    serveRead();
  }
  // other OUT reads (the control endpoint's status stage) stay pending, as in rp2040js's own CDC
};

// ---- the watchdog's reset (machine.reset()): the host power-cycles ------------
mcu.peripherals[0x40058].onWatchdogTrigger = () => {
  halted = 'reset';
  sim.stop();
  send('Z', Buffer.alloc(0));
};

// ---- running ------------------------------------------------------------
let cycles = 0;
const BATCH = 64;
function runUntil(targetUs) {
  const target = targetUs * 1000;
  halted = halted === 'cut' || halted === 'reset' || halted.startsWith('breakpoint') ? halted : '';
  sim.stopped = false;
  while (clock.nanos < target && !halted && !sim.stopped) {
    const core = mcu.core;
    if (core.waiting) {
      const jump = Math.min(clock.nanosToNextAlarm, target - clock.nanos);
      if (jump <= 0) break;
      clock.tick(jump);
    } else {
      // instructions in a run of up to BATCH between clock ticks, never past
      // the next alarm or the target (the run stops at the instruction that
      // reaches it, where a tick per instruction fires it too): a fifth of
      // the emulator's time was this loop's per-instruction tick. A timer
      // read inside a run sees the time at its start (at most BATCH
      // instructions, under a microsecond, behind)
      const ns = 1e9 / mcu.clkSys;
      const next = clock.nextAlarm ? clock.nanosToNextAlarm : Infinity;
      const room = Math.min(next, target - clock.nanos);
      let c = 0;
      let n = 0;
      do {
        c += core.executeInstruction();
        n++;
      } while (n < BATCH && c * ns < room && !core.waiting && !halted && !sim.stopped);
      cycles += c;
      clock.tick(c * ns);
    }
  }
  spiFlush();
}

let inBuf = Buffer.alloc(0);
function command(type, p) {
  switch (type) {
    case 'R':
      runUntil(p.readDoubleLE(0));
      send('T', Buffer.concat([f64(nowUs()), f64(cycles), Buffer.from([halted ? 1 : 0])]));
      break;
    case 'G':
      mcu.gpio[p[0]].setInputValue(!!p[1]);
      break;
    case 'W':
      toDevice.push(new Uint8Array(p));
      toDeviceBytes += p.length;
      serveRead();
      break;
    case 'Q': {
      const addr = p.readUInt32LE(0);
      const len = p.readUInt32LE(4);
      const out = Buffer.alloc(len);
      for (let i = 0; i < len; i++) out[i] = mcu.readUint8(addr + i);
      send('q', out);
      break;
    }
    case 'M': {
      const addr = p.readUInt32LE(0);
      for (let i = 4; i < p.length; i++) mcu.writeUint8(addr + i - 4, p[i]);
      break;
    }
    case 'X':
      flushOut();
      fs.closeSync(flashFd);
      process.exit(0);
      break;
    case 'w': {
      const b = Buffer.alloc(4);
      b.writeUInt32LE(toDeviceBytes);
      send('n', b);
      break;
    }
    case 'c':
      cut = { after: p.readUInt32LE(0), torn: !!p[4] };
      break;
    default:
      send('E', Buffer.from(JSON.stringify({ what: 'unknown command ' + type })));
  }
}
process.stdin.on('data', (chunk) => {
  inBuf = inBuf.length ? Buffer.concat([inBuf, chunk]) : chunk;
  while (inBuf.length >= 5) {
    const n = inBuf.readUInt32LE(1);
    if (inBuf.length < 5 + n) break;
    const type = String.fromCharCode(inBuf[0]);
    const p = inBuf.subarray(5, 5 + n);
    inBuf = inBuf.subarray(5 + n);
    command(type, Buffer.from(p));
  }
  flushOut();
});
process.stdin.on('end', () => process.exit(0));

mcu.core.PC = 0x10000000;
send('H', Buffer.from(JSON.stringify({ flash: FLASH_BYTES, sram: mcu.sram.length, connected })));
flushOut();
