// MicroPython's WebAssembly port (the page's mp/micropython.mjs, copied from
// @micropython/micropython-webassembly-pyscript by `usher web`): the parts the
// page uses.

export interface MicroPythonFS {
  mkdirTree(path: string): void;
  writeFile(path: string, data: Uint8Array | string): void;
  readFile(path: string): Uint8Array;
  readdir(path: string): string[];
}

export interface MicroPython {
  FS: MicroPythonFS;
  _module: { HEAPU8: Uint8Array };
  // a Python module; its attributes are Python objects, called from JavaScript
  pyimport(name: string): any;
  runPython(code: string): any;
}

export interface MicroPythonOptions {
  heapsize?: number;
  pystack?: number;
  url?: string;
  stdout?: (text: string) => void;
  stderr?: (text: string) => void;
  linebuffer?: boolean;
}

export function loadMicroPython(options?: MicroPythonOptions): Promise<MicroPython>;
