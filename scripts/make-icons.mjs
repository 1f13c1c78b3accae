// Draws the Fair Witness mark -- an eye over a check mark on a rounded square -- and writes
// icons/icon-{16,32,48,128}.png plus icons/icon.svg. No dependencies beyond node:zlib; the output is
// deterministic (only basic arithmetic, sqrt, min, max, abs and round are used, and zlib gets fixed settings).
// Usage: node scripts/make-icons.mjs
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { deflateSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'icons');

// ---------------------------------------------------------------------------------------------
// The mark, in a 128 x 128 design space. Small sizes use a simplified variant: relatively thicker
// strokes, no pupil, and the eye's arcs and iris placed on the 16 px pixel grid.

const COLORS = {
  background: [0x0f, 0x4c, 0x5c],
  eye: [0xff, 0xff, 0xff],
  check: [0x34, 0xd3, 0x99],
};

/** Full-detail mark (48 px and up; also the SVG). */
const DETAILED = {
  inset: 4, // rounded square from inset to 128 - inset
  corner: 26,
  eye: { cx: 64, cy: 44, halfWidth: 48, sagitta: 24, stroke: 9 },
  iris: 15,
  pupil: 6.5,
  // The check sits under the eye; its long arm ends on the eye's lower arc, cutting it near the right tip.
  check: { points: [[36, 88], [55, 107], [96, 66]], stroke: 15, gap: 5 },
};

/**
 * Simplified mark for 16 and 32 px (1 px = 8 and 4 units): no pupil, bolder strokes, full-bleed
 * background, and the eye's arcs centred on pixel rows 2 and 9 (of 16) so that they stay crisp.
 */
const SIMPLE = {
  inset: 0,
  corner: 24,
  eye: { cx: 64, cy: 48, halfWidth: 56, sagitta: 28, stroke: 10 },
  iris: 16,
  pupil: 0,
  check: { points: [[32, 92], [52, 112], [100, 64]], stroke: 16, gap: 8 },
};

const SIZES = [
  { size: 16, mark: SIMPLE },
  { size: 32, mark: SIMPLE },
  { size: 48, mark: DETAILED },
  { size: 128, mark: DETAILED },
];

// ---------------------------------------------------------------------------------------------
// Signed distance functions (negative inside).

function sdRoundedSquare(x, y, inset, corner) {
  const half = 64 - inset;
  const qx = Math.abs(x - 64) - half + corner;
  const qy = Math.abs(y - 64) - half + corner;
  const ox = Math.max(qx, 0);
  const oy = Math.max(qy, 0);
  return Math.sqrt(ox * ox + oy * oy) + Math.min(Math.max(qx, qy), 0) - corner;
}

/** Circle radius and centre offset of the two arcs bounding an almond (lens) of the given size. */
function lensGeometry({ halfWidth, sagitta }) {
  const radius = (halfWidth * halfWidth + sagitta * sagitta) / (2 * sagitta);
  return { radius, offset: radius - sagitta };
}

/**
 * Exact distance to a horizontal almond: the intersection of two discs of radius `radius` centred
 * `offset` above and below (cx, cy), with pointed tips at (cx +- halfWidth, cy).
 */
function sdAlmond(x, y, eye) {
  const { radius, offset } = lensGeometry(eye);
  const a = Math.abs(y - eye.cy); // across the eye
  const b = Math.abs(x - eye.cx); // along the eye
  if ((b - eye.halfWidth) * offset > a * eye.halfWidth) {
    // Beyond a tip: the nearest point is the tip itself.
    const db = b - eye.halfWidth;
    return Math.sqrt(a * a + db * db);
  }
  const da = a + offset; // to the far circle's centre
  return Math.sqrt(da * da + b * b) - radius;
}

function sdCircle(x, y, cx, cy, r) {
  const dx = x - cx;
  const dy = y - cy;
  return Math.sqrt(dx * dx + dy * dy) - r;
}

function distToSegment(x, y, [ax, ay], [bx, by]) {
  const px = x - ax;
  const py = y - ay;
  const ex = bx - ax;
  const ey = by - ay;
  const t = Math.min(Math.max((px * ex + py * ey) / (ex * ex + ey * ey), 0), 1);
  const dx = px - ex * t;
  const dy = py - ey * t;
  return Math.sqrt(dx * dx + dy * dy);
}

function distToPolyline(x, y, points) {
  let d = Infinity;
  for (let i = 1; i < points.length; i++) d = Math.min(d, distToSegment(x, y, points[i - 1], points[i]));
  return d;
}

/** Colour of the mark at a design-space point, painted back to front; null = transparent. */
function shade(x, y, mark) {
  if (sdRoundedSquare(x, y, mark.inset, mark.corner) > 0) return null;
  const { check } = mark;
  const checkDist = distToPolyline(x, y, check.points);
  if (checkDist <= check.stroke / 2) return COLORS.check;
  // A background-coloured gap around the check keeps it apart from the eye where they overlap.
  if (checkDist <= check.stroke / 2 + check.gap) return COLORS.background;
  const { eye } = mark;
  const irisDist = sdCircle(x, y, eye.cx, eye.cy, mark.iris);
  if (irisDist <= 0) {
    return mark.pupil > 0 && sdCircle(x, y, eye.cx, eye.cy, mark.pupil) <= 0 ? COLORS.background : COLORS.eye;
  }
  if (Math.abs(sdAlmond(x, y, eye)) <= eye.stroke / 2) return COLORS.eye;
  return COLORS.background;
}

// ---------------------------------------------------------------------------------------------
// Rasteriser: 4 x 4 supersampling per pixel, averaged in premultiplied RGBA.

const SUB = 4;

function render(size, mark) {
  const scale = 128 / size;
  const rgba = new Uint8Array(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let covered = 0;
      for (let sy = 0; sy < SUB; sy++) {
        for (let sx = 0; sx < SUB; sx++) {
          const color = shade((px + (sx + 0.5) / SUB) * scale, (py + (sy + 0.5) / SUB) * scale, mark);
          if (color === null) continue;
          r += color[0];
          g += color[1];
          b += color[2];
          covered++;
        }
      }
      const o = (py * size + px) * 4;
      if (covered === 0) continue; // stays transparent black
      rgba[o] = Math.round(r / covered);
      rgba[o + 1] = Math.round(g / covered);
      rgba[o + 2] = Math.round(b / covered);
      rgba[o + 3] = Math.round((covered * 255) / (SUB * SUB));
    }
  }
  return rgba;
}

// ---------------------------------------------------------------------------------------------
// Minimal PNG encoder: 8-bit RGBA, no interlace, filter type 0 on every row.

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes) {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  Buffer.from(data).copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

function encodePng(width, height, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // colour type: RGBA
  ihdr[10] = 0; // compression
  ihdr[11] = 0; // filter method
  ihdr[12] = 0; // no interlace
  const stride = width * 4;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (stride + 1)] = 0; // filter: none
    Buffer.from(rgba.buffer, rgba.byteOffset + y * stride, stride).copy(raw, y * (stride + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9, memLevel: 9, strategy: 0 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---------------------------------------------------------------------------------------------
// SVG of the detailed mark, same geometry.

function hex([r, g, b]) {
  return `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

function svg(mark) {
  const { eye, check } = mark;
  const { radius } = lensGeometry(eye);
  const n = (v) => String(Math.round(v * 1000) / 1000);
  const side = 128 - 2 * mark.inset;
  const left = eye.cx - eye.halfWidth;
  const right = eye.cx + eye.halfWidth;
  const almond =
    `M${n(left)} ${n(eye.cy)}A${n(radius)} ${n(radius)} 0 0 1 ${n(right)} ${n(eye.cy)}` +
    `A${n(radius)} ${n(radius)} 0 0 1 ${n(left)} ${n(eye.cy)}Z`;
  const tick = `M${check.points.map(([x, y]) => `${n(x)} ${n(y)}`).join('L')}`;
  const bg = hex(COLORS.background);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img" aria-label="Fair Witness">
  <title>Fair Witness</title>
  <rect x="${n(mark.inset)}" y="${n(mark.inset)}" width="${n(side)}" height="${n(side)}" rx="${n(mark.corner)}" fill="${bg}"/>
  <path d="${almond}" fill="none" stroke="${hex(COLORS.eye)}" stroke-width="${n(eye.stroke)}" stroke-linejoin="round"/>
  <circle cx="${n(eye.cx)}" cy="${n(eye.cy)}" r="${n(mark.iris)}" fill="${hex(COLORS.eye)}"/>
  <circle cx="${n(eye.cx)}" cy="${n(eye.cy)}" r="${n(mark.pupil)}" fill="${bg}"/>
  <path d="${tick}" fill="none" stroke="${bg}" stroke-width="${n(check.stroke + 2 * check.gap)}" stroke-linecap="round" stroke-linejoin="round"/>
  <path d="${tick}" fill="none" stroke="${hex(COLORS.check)}" stroke-width="${n(check.stroke)}" stroke-linecap="round" stroke-linejoin="round"/>
</svg>
`;
}

// ---------------------------------------------------------------------------------------------

export { DETAILED, SIMPLE, SIZES, encodePng, render, svg };

async function main() {
  await mkdir(outDir, { recursive: true });
  for (const { size, mark } of SIZES) {
    const file = join(outDir, `icon-${size}.png`);
    await writeFile(file, encodePng(size, size, render(size, mark)));
    console.log(`wrote ${file}`);
  }
  await writeFile(join(outDir, 'icon.svg'), svg(DETAILED));
  console.log(`wrote ${join(outDir, 'icon.svg')}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
