import { inflateRawSync } from 'node:zlib';

/**
 * Limits for an .xlsx (a ZIP archive) before the spreadsheet reader unpacks it. The reader inflates
 * every entry, not only the sheet it parses, so the total and the ratio cover all of them: many
 * small entries, each harmless alone, count together.
 */
export const ZIP_LIMITS = {
  totalUncompressedBytes: 200 * 1024 * 1024,
  compressionRatio: 100,
  // Tiny parts (styles, empty sheets) can compress far better than 100:1 and cannot hurt.
  ratioCheckedFromBytes: 1024 * 1024,
  // A workbook has about ten parts plus two per sheet.
  entries: 1000,
};

const tooCompressed = (uncompressed: number, compressed: number) =>
  uncompressed >= ZIP_LIMITS.ratioCheckedFromBytes && uncompressed > ZIP_LIMITS.compressionRatio * Math.max(compressed, 1);

export type ZipVerdict = 'ok' | 'bomb' | 'unreadable';

type Entry = { method: number; compressedSize: number; uncompressedSize: number; localHeaderOffset: number };

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const CENTRAL_ENTRY_SIGNATURE = 0x02014b50;
const LOCAL_HEADER_SIGNATURE = 0x04034b50;
const U16_MAX = 0xffff;
const U32_MAX = 0xffffffff;

/**
 * Reads the ZIP central directory and refuses archives that would unpack to too much. The sizes
 * there are only claims, so each deflated entry is also inflated here with its claimed size as the
 * output limit: an entry that lies about its size is caught before the spreadsheet reader trusts it.
 */
export function inspectZip(buffer: Buffer): ZipVerdict {
  const entries = readCentralDirectory(buffer);
  if (typeof entries === 'string') return entries;
  let total = 0;
  for (const entry of entries) {
    total += entry.uncompressedSize;
    if (total > ZIP_LIMITS.totalUncompressedBytes) return 'bomb';
    if (tooCompressed(entry.uncompressedSize, entry.compressedSize)) return 'bomb';
  }
  if (tooCompressed(total, buffer.length)) return 'bomb';
  for (const entry of entries) {
    const verdict = verifyEntrySize(buffer, entry);
    if (verdict !== 'ok') return verdict;
  }
  return 'ok';
}

function verifyEntrySize(buffer: Buffer, entry: Entry): ZipVerdict {
  const at = entry.localHeaderOffset;
  if (at + 30 > buffer.length || buffer.readUInt32LE(at) !== LOCAL_HEADER_SIGNATURE) return 'unreadable';
  const dataStart = at + 30 + buffer.readUInt16LE(at + 26) + buffer.readUInt16LE(at + 28);
  const dataEnd = dataStart + entry.compressedSize;
  if (dataEnd > buffer.length) return 'unreadable';
  if (entry.method === 0) return entry.compressedSize === entry.uncompressedSize ? 'ok' : 'unreadable';
  // Other methods are not unpacked by the spreadsheet reader either; it will refuse the file.
  if (entry.method !== 8) return 'ok';
  try {
    inflateRawSync(buffer.subarray(dataStart, dataEnd), { maxOutputLength: Math.max(entry.uncompressedSize, 1) });
    return 'ok';
  } catch (error) {
    return (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? 'bomb' : 'unreadable';
  }
}

function readCentralDirectory(buffer: Buffer): Entry[] | 'bomb' | 'unreadable' {
  const eocd = findEndOfCentralDirectory(buffer);
  if (eocd < 0) return 'unreadable';
  let count = buffer.readUInt16LE(eocd + 10);
  let size = buffer.readUInt32LE(eocd + 12);
  let offset = buffer.readUInt32LE(eocd + 16);
  if (count === U16_MAX || size === U32_MAX || offset === U32_MAX) {
    const zip64 = readZip64End(buffer, eocd);
    if (!zip64) return 'unreadable';
    ({ count, size, offset } = zip64);
  }
  if (offset + size > buffer.length) return 'unreadable';
  if (count > ZIP_LIMITS.entries) return 'bomb';

  const entries: Entry[] = [];
  let at = offset;
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > buffer.length || buffer.readUInt32LE(at) !== CENTRAL_ENTRY_SIGNATURE) return 'unreadable';
    const nameLength = buffer.readUInt16LE(at + 28);
    const extraLength = buffer.readUInt16LE(at + 30);
    const commentLength = buffer.readUInt16LE(at + 32);
    const entry: Entry = {
      method: buffer.readUInt16LE(at + 10),
      compressedSize: buffer.readUInt32LE(at + 20),
      uncompressedSize: buffer.readUInt32LE(at + 24),
      localHeaderOffset: buffer.readUInt32LE(at + 42),
    };
    const extraStart = at + 46 + nameLength;
    if (extraStart + extraLength > buffer.length) return 'unreadable';
    applyZip64Extra(buffer.subarray(extraStart, extraStart + extraLength), entry);
    entries.push(entry);
    at = extraStart + extraLength + commentLength;
  }
  return entries;
}

function findEndOfCentralDirectory(buffer: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65,535 bytes, at the very end.
  const lowest = Math.max(0, buffer.length - 22 - U16_MAX);
  for (let at = buffer.length - 22; at >= lowest; at -= 1) {
    if (buffer.readUInt32LE(at) === EOCD_SIGNATURE) return at;
  }
  return -1;
}

function readZip64End(buffer: Buffer, eocd: number) {
  const locator = eocd - 20;
  if (locator < 0 || buffer.readUInt32LE(locator) !== ZIP64_LOCATOR_SIGNATURE) return undefined;
  const at = Number(buffer.readBigUInt64LE(locator + 8));
  if (at + 56 > buffer.length || buffer.readUInt32LE(at) !== ZIP64_EOCD_SIGNATURE) return undefined;
  return {
    count: Number(buffer.readBigUInt64LE(at + 32)),
    size: Number(buffer.readBigUInt64LE(at + 40)),
    offset: Number(buffer.readBigUInt64LE(at + 48)),
  };
}

/** A field of 0xFFFFFFFF means the real value is in the ZIP64 extra field (id 1), in this order. */
function applyZip64Extra(extra: Buffer, entry: Entry) {
  for (let at = 0; at + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === 0x0001) {
      let field = at + 4;
      const next = () => {
        if (field + 8 > at + 4 + length) return undefined;
        const value = Number(extra.readBigUInt64LE(field));
        field += 8;
        return value;
      };
      if (entry.uncompressedSize === U32_MAX) entry.uncompressedSize = next() ?? Number.MAX_SAFE_INTEGER;
      if (entry.compressedSize === U32_MAX) entry.compressedSize = next() ?? 0;
      if (entry.localHeaderOffset === U32_MAX) entry.localHeaderOffset = next() ?? Number.MAX_SAFE_INTEGER;
      return;
    }
    at += 4 + length;
  }
}
