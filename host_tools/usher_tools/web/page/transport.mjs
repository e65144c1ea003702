// The two ways the page reaches a device's USB serial; link.mjs speaks the
// protocol over either. A transport has write(bytes), `closed`, `reason`,
// and hands what arrives to its link's feed() (and calls gone() on close).
//
// - DeviceTransport: the page's own device (device.mjs), whose serial
//   buffers the page's tick loop pumps.
// - SerialTransport: a real Pico over Web Serial (Chrome, Edge; https or
//   localhost): the port opened at 115200 with DTR asserted (MicroPython's
//   TinyUSB takes DTR as "host connected"), read continuously while open.

import { t } from "./words.mjs";

export const PICO_FILTERS = [{ usbVendorId: 0x2e8a }]; // Raspberry Pi: MicroPython's rp2 USB ids

export class DeviceTransport {
  /** @param {import("./device.mjs").Device} device */
  constructor(device) {
    this.device = device;
    this.link = null;
    this.reason = "";
  }

  get closed() {
    if (this.device.off && !this.reason) this.reason = t("the page's device is off");
    return this.device.off;
  }

  /** @param {Uint8Array} bytes */
  write(bytes) {
    if (this.device.off) throw new Error("off");
    this.device.serialWrite(bytes);
  }

  // after every tick of the page's device
  pump() {
    const got = this.device.serialRead();
    if (got && this.link) this.link.feed(got);
    if (this.device.off && this.link) this.link.gone();
  }

  async close() {}
}

// Whether this browser can reach a Pico at all, and if not, one line on why.
export function serialSupport() {
  if (!("serial" in navigator)) {
    if (!window.isSecureContext) return t("Syncing a Pico needs this page over https (or on localhost).");
    return t("This browser cannot talk to a Pico over USB: syncing needs Chrome or Edge on a computer (Web Serial). The firmware download below works in any browser.");
  }
  return "";
}

// A Pico's port: one the browser already knows (no question asked), else
// the browser's chooser, filtered to Raspberry Pi boards. null if none picked.
export async function choosePort({ ask = true } = {}) {
  const known = (await navigator.serial.getPorts()).filter((p) => {
    const info = p.getInfo ? p.getInfo() : {};
    return !info.usbVendorId || info.usbVendorId === 0x2e8a;
  });
  if (known.length) return known[0];
  if (!ask) return null;
  try {
    return await navigator.serial.requestPort({ filters: PICO_FILTERS });
  } catch (e) {
    if (e && e.name === "NotFoundError") return null; // the person closed the chooser
    throw e;
  }
}

// Chrome's words when open() fails, turned into what to do about it.
export function openError(e) {
  const name = e && e.name;
  const msg = String((e && e.message) || e);
  if (name === "InvalidStateError") return t("the Pico's port is already open in this page: wait for the sync that runs");
  if (name === "NetworkError" || /Failed to open/.test(msg))
    return t("the Pico's port is busy: another program holds it (usher, mpremote, Thonny, another tab): close that, then connect again");
  if (name === "SecurityError") return t("this page may not use the serial port here (it needs https or localhost)");
  return t("the Pico's port did not open: %s", msg.split("\n")[0]);
}

const GONE = () => t("the Pico went away in the middle (unplugged?): sync again once it is back");

export class SerialTransport {
  /** @param {SerialPort} port */
  constructor(port) {
    this.port = port;
    this.link = null;
    this.closed = true;
    this.reason = "";
    this.reader = null;
    this.writer = null;
    this.reading = null;
  }

  async open() {
    try {
      await this.port.open({ baudRate: 115200 });
    } catch (e) {
      throw new Error(openError(e), { cause: e });
    }
    this.closed = false;
    try {
      await this.port.setSignals({ dataTerminalReady: true, requestToSend: true });
    } catch {
      // some ports refuse signals: the data still flows on most
    }
    this.writer = this.port.writable.getWriter();
    this.reading = this.readLoop();
    return this;
  }

  async readLoop() {
    try {
      while (this.port.readable && !this.closed) {
        this.reader = this.port.readable.getReader();
        try {
          for (;;) {
            const { value, done } = await this.reader.read();
            if (done) break;
            if (value && this.link) this.link.feed(value);
          }
        } finally {
          this.reader.releaseLock();
          this.reader = null;
        }
      }
    } catch (e) {
      this.reason = GONE();
      void e;
    }
    if (!this.closed) {
      this.closed = true;
      if (!this.reason) this.reason = GONE();
    }
    if (this.link) this.link.gone();
  }

  /** @param {Uint8Array} bytes */
  async write(bytes) {
    if (this.closed) throw new Error("closed");
    await this.writer.write(bytes);
  }

  async close() {
    const was = this.closed;
    this.closed = true;
    if (!this.reason) this.reason = t("closed");
    try {
      if (this.reader) await this.reader.cancel();
    } catch {
      // gone already
    }
    try {
      if (this.writer) {
        this.writer.releaseLock();
        this.writer = null;
      }
    } catch {
      // gone already
    }
    if (this.reading) await this.reading.catch(() => {});
    if (!was || this.port.readable || this.port.writable) {
      try {
        await this.port.close();
      } catch {
        // an unplugged port cannot be closed: nothing to do
      }
    }
  }
}
