/** Reads what a player would: the file type box and the video track's pixel size (tkhd). */
export function mp4Info(bytes: Uint8Array): {
  brand: string;
  codec: string | undefined;
  width: number;
  height: number;
} {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.toString("latin1", 4, 8) !== "ftyp") throw new Error("not an MP4: no ftyp box at the start");
  const tkhd = buf.indexOf("tkhd", 0, "latin1");
  if (tkhd < 0) throw new Error("no tkhd box");
  const version = buf[tkhd + 4];
  // Box header (type at +0), then version/flags and times; width/height are 16.16 fixed point.
  const sizeAt = tkhd + 4 + (version === 1 ? 88 : 76);
  const stsd = buf.indexOf("stsd", 0, "latin1");
  const codec = stsd < 0 ? undefined : buf.toString("latin1", stsd + 16, stsd + 20);
  return {
    brand: buf.toString("latin1", 8, 12),
    codec,
    width: buf.readUInt32BE(sizeAt) / 65536,
    height: buf.readUInt32BE(sizeAt + 4) / 65536,
  };
}
