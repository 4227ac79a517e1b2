// A Streamed SOG written by PlayCanvas's own splat-transform opens in ours. From lod_gen's 20 000-
// splat scan, splat-transform (npm, CPU) writes a decimated level (25 %) and a two-level Streamed
// SOG of the scan and that level; then `splatwright-cli lod-info` streams it (its tree from the
// manifest, every chunk read and checked) and `splatwright-cli convert` reads its finest level
// into a PLY, which must hold the scan's splat count with every centre within the scan's bounds
// (SOG quantises positions) and the same bounds within 1 %.
// Usage: node splat_transform.mjs --cli <splatwright-cli> --scan <scene.ply> --out <new folder>.
// Exit 77: a tool is missing.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, readFileSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const args = Object.fromEntries(process.argv.slice(2).reduce((acc, v, i, a) => (v.startsWith('--') ? [...acc, [v.slice(2), a[i + 1]]] : acc), []));
const skip = (why) => { console.log(`SKIP: ${why}`); process.exit(77); };
const tool = join(here, 'node_modules', '@playcanvas', 'splat-transform', 'bin', 'cli.mjs');
if (!existsSync(tool)) skip(`@playcanvas/splat-transform is absent (npm ci in ${here}, or scripts/deps.sh)`);

const out = resolve(args.out);
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const run = (cmd, argv) => execFileSync(cmd, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const v = spawnSync(process.execPath, [tool, '--version'], { encoding: 'utf8' });
const version = `${v.stdout}${v.stderr}`.trim();
console.log(`splat-transform: ${version}`);
const level1 = join(out, 'level1.ply');
run(process.execPath, [tool, '-q', '-g', 'cpu', args.scan, '-d', '25%', level1]);
run(process.execPath, [tool, '-q', '-g', 'cpu', args.scan, '-l', '0', level1, '-l', '1', join(out, 'streamed', 'lod-meta.json')]);

let failed = 0;
const check = (ok, what) => { console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`); if (!ok) ++failed; };
const manifest = JSON.parse(readFileSync(join(out, 'streamed', 'lod-meta.json'), 'utf8'));
check(manifest.lodLevels === 2, `splat-transform wrote ${manifest.lodLevels} levels`);

const info = run(args.cli, ['lod-info', join(out, 'streamed', 'lod-meta.json')]);
console.log(info.trim());
const scanInfo = run(args.cli, ['info', args.scan]);
const count = Number(/splats: (\d+)/.exec(scanInfo)[1]);
check(new RegExp(`level 0: ${count} splats`).test(info), `lod-info streams its finest level with the scan's ${count} splats`);
const l1 = Number(/level 1: (\d+) splats/.exec(info)?.[1] ?? -1);
check(l1 > 0 && Math.abs(l1 - count / 4) <= count * 0.01, `level 1 holds ${l1} splats (25 % of ${count})`);

const back = join(out, 'finest.ply');
run(args.cli, ['convert', join(out, 'streamed', 'lod-meta.json'), '-o', back]);
const backInfo = run(args.cli, ['info', back]);
const bounds = (text) => /bounds \(model space, \+Z up\): \(([^)]*)\) \.\. \(([^)]*)\)/.exec(text).slice(1, 3).map((v) => v.split(',').map(Number));
const [lo, hi] = bounds(scanInfo), [blo, bhi] = bounds(backInfo);
check(Number(/splats: (\d+)/.exec(backInfo)[1]) === count, `its finest level read back as a cloud: ${count} splats`);
const size = Math.max(...hi.map((v, i) => v - lo[i]));
const near = lo.every((v, i) => Math.abs(v - blo[i]) <= 0.01 * size) && hi.every((v, i) => Math.abs(v - bhi[i]) <= 0.01 * size);
check(near, `bounds ${JSON.stringify([blo, bhi])} against the scan's ${JSON.stringify([lo, hi])} (1 % of ${size.toFixed(3)})`);
process.exit(failed ? 1 : 0);
