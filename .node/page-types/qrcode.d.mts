// qrcode-generator's own types for the page's qrcode.mjs (copied from .node by `usher web`).
import qrcode from "qrcode-generator";
export default qrcode;
