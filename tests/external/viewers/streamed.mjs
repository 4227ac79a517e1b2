// Opens the Streamed SOG that lod-build writes (<dir>/streamed/lod-meta.json) in PlayCanvas's
// engine (headless Chromium, Debian's) and checks it against our own LOD folder beside it
// (<dir>/lod.json): the same number of levels, the same splats per level in the engine's octree
// and in the SOG files it decodes, and every centre the engine's shader decodes inside the bound
// of the node whose run holds it. With --scan (the PLY the folder was built from), the frame:
// PlayCanvas draws the Streamed SOG at its finest level and the scan itself from one camera, and
// the two frames must match (PSNR ≥ --min-psnr, and ≥ --margin dB above the scan turned 90° about
// X). Usage: node streamed.mjs --dir <LOD folder> [--scan scene.ply --out <frames folder>
// --min-psnr 30 --margin 6]. Exit 77: a tool is missing.
import { readFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve, dirname, basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveFolders } from './serve.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const args = Object.fromEntries(process.argv.slice(2).reduce((acc, v, i, a) => (v.startsWith('--') ? [...acc, [v.slice(2), a[i + 1]]] : acc), []));
const chromium = process.env.SW_CHROMIUM ?? '/usr/bin/chromium';
const skip = (why) => { console.log(`SKIP: ${why}`); process.exit(77); };
if (!existsSync(chromium)) skip(`${chromium} is absent (apt-get install chromium, or scripts/deps.sh)`);
if (!existsSync(join(here, 'node_modules', 'playwright-core'))) skip(`npm packages are absent (npm ci in ${here}, or scripts/deps.sh)`);
const { chromium: launcher } = await import('playwright-core');

const dir = resolve(args.dir);
const ours = JSON.parse(readFileSync(join(dir, 'lod.json'), 'utf8'));
const expected = new Array(ours.levels).fill(0);
for (const leaf of ours.leaves) leaf.levels.forEach((l, i) => { expected[i] += l.count; });

const types = { '.html': 'text/html', '.mjs': 'text/javascript', '.js': 'text/javascript', '.json': 'application/json', '.webp': 'image/webp', '.ply': 'application/octet-stream' };
const scan = args.scan ? resolve(args.scan) : null;
const roots = { '/data/': join(dir, 'streamed'), ...(scan ? { '/scan/': dirname(scan) } : {}), '/': here };
const { server, base } = await serveFolders(roots, types);
const browser = await launcher.launch({ executablePath: chromium,
    args: ['--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist', '--no-sandbox'] });
let failed = 0;
const check = (ok, what) => { console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`); if (!ok) ++failed; };
try {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${base}/streamed.html?file=/data/lod-meta.json`);
    await page.waitForFunction(() => window.result !== undefined, null, { timeout: 240000 });
    const r = await page.evaluate(() => window.result);
    if (r.error) {
        check(false, `PlayCanvas could not load the Streamed SOG: ${r.error} ${errors.join('; ')}`);
    } else {
        check(r.lodLevels === expected.length, `levels: PlayCanvas ${r.lodLevels}, lod.json ${expected.length}`);
        check(JSON.stringify(r.levels) === JSON.stringify(expected),
              `splats per level in PlayCanvas's octree [${r.levels}], in lod.json [${expected}]`);
        const decoded = new Array(r.lodLevels).fill(0);
        for (const f of r.files) decoded[f.lodLevel] += f.numSplats;
        check(JSON.stringify(decoded) === JSON.stringify(expected),
              `splats per level in the ${r.files.length} SOG files PlayCanvas decoded [${decoded}]`);
        const total = expected.reduce((a, b) => a + b, 0);
        check(r.centres === total && r.outside === 0,
              `${r.centres} of ${total} centres decoded by PlayCanvas's shader, ${r.outside} outside their node's bound`);
    }
    if (scan) {
        const minPsnr = Number(args['min-psnr'] ?? 30), margin = Number(args.margin ?? 6);
        await page.goto(`${base}/streamed_frame.html?file=/data/lod-meta.json&ply=/scan/${basename(scan)}`);
        await page.waitForFunction(() => window.result !== undefined, null, { timeout: 240000 });
        const f = await page.evaluate(() => window.result);
        if (f.error) {
            check(false, `PlayCanvas could not draw the Streamed SOG beside the scan: ${f.error} ${errors.join('; ')}`);
        } else {
            const out = args.out ? resolve(args.out) : null;
            const save = (name, png) => { if (out) writeFileSync(join(out, `${name}.png`), Buffer.from(png.split(',')[1], 'base64')); };
            if (out) mkdirSync(out, { recursive: true });
            save('scan', f.scanPng);
            for (const [name, fr] of Object.entries(f.frames)) {
                console.log(`     ${name}: ${fr.psnr.toFixed(2)} dB against the scan's frame, ${(100 * fr.covered).toFixed(1)} % covered`);
                save(name.replace(/[^a-z0-9]+/gi, '_'), fr.png);
            }
            const finest = f.frames.finest.psnr, turned = f.frames['scan turned 90° about X'].psnr;
            check(f.scanCovered > 0.05, `the scan covers ${(100 * f.scanCovered).toFixed(1)} % of the frame`);
            check(finest >= minPsnr, `the finest level's frame matches the scan's: ${finest.toFixed(2)} dB ≥ ${minPsnr}`);
            check(finest >= turned + margin, `and beats the scan turned 90° about X (${turned.toFixed(2)} dB) by ≥ ${margin} dB`);
        }
    }
} finally {
    await browser.close();
    server.close();
}
process.exit(failed ? 1 : 0);
