// The frame check of a Streamed SOG in PlayCanvas's engine: the Streamed SOG drawn at its finest
// level (lodRangeMin = lodRangeMax = 0) and at its coarsest, and the scan it was built from (a PLY)
// drawn by the same engine from the same camera, once as stored and once turned 90° about X. Query:
// file=URL of lod-meta.json, ply=URL of the scan. Sets window.result = {frames: {name: {psnr
// against the scan's frame, covered share, png}}, scanPng} or {error}.
import * as pc from 'playcanvas';
import { pixels, psnr } from './frame_metrics.mjs';

const params = new URLSearchParams(location.search);
const W = 320, H = 240, FOV = 40;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const nextFrame = () => new Promise((r) => requestAnimationFrame(r));

// Share of pixels not the black background.
function covered(a) {
    let n = 0;
    for (let i = 0; i < a.length; i += 4) n += a[i] + a[i + 1] + a[i + 2] > 24 ? 1 : 0;
    return n / (a.length / 4);
}

(async () => {
    try {
        const canvas = document.getElementById('c');
        const device = await pc.createGraphicsDevice(canvas, { deviceTypes: ['webgl2'], antialias: false, preserveDrawingBuffer: true });
        device.maxPixelRatio = 1;
        const opts = new pc.AppOptions();
        opts.graphicsDevice = device;
        opts.componentSystems = [pc.RenderComponentSystem, pc.CameraComponentSystem, pc.GSplatComponentSystem];
        opts.resourceHandlers = [pc.TextureHandler, pc.GSplatHandler];
        const app = new pc.AppBase(canvas);
        app.init(opts);
        app.setCanvasFillMode(pc.FILLMODE_NONE);
        app.setCanvasResolution(pc.RESOLUTION_FIXED, W, H);
        app.start();
        const load = (url) => new Promise((resolve, reject) => {
            const asset = new pc.Asset(url, 'gsplat', { url });
            asset.once('load', () => resolve(asset));
            asset.once('error', (e) => reject(new Error(`${url}: ${e}`)));
            app.assets.add(asset);
            app.assets.load(asset);
        });
        const streamed = await load(params.get('file'));
        const scan = await load(params.get('ply'));
        // The camera looks at the middle of the octree's bound (the file's axes, as both are
        // stored), framing a ball of 1.5 × its second-largest half extent: a long scan is seen
        // near enough for its finest splats to cover pixels.
        const box = new pc.BoundingBox();
        streamed.resource.octree.nodes.forEach((n, i) => { if (i === 0) box.copy(n.bounds); else box.add(n.bounds); });
        const h = box.halfExtents, halves = [h.x, h.y, h.z].sort((a, b) => b - a);
        const c = box.center, r = Math.max(1.5 * halves[1], 1e-3);
        const camera = new pc.Entity('camera');
        camera.addComponent('camera', { clearColor: new pc.Color(0, 0, 0, 1), fov: FOV, nearClip: 0.01 * r, farClip: 20 * r });
        const d = r / Math.sin(FOV * Math.PI / 360);
        camera.setPosition(c.x + 0.45 * d, c.y - 0.6 * d, c.z + 0.65 * d);
        camera.lookAt(c);
        app.root.addChild(camera);
        // Draws `asset` alone until two captures half a second apart agree (streaming done).
        const frameOf = async (asset, setup) => {
            const entity = new pc.Entity('splat');
            entity.addComponent('gsplat', { asset, unified: true });
            setup(entity);
            app.root.addChild(entity);
            let last = null;
            for (let i = 0; i < 60; ++i) {
                for (let k = 0; k < 10; ++k) await nextFrame();
                await sleep(500);
                const p = pixels(canvas, W, H);
                if (last && psnr(last.data, p.data) >= 99) { last = p; break; }
                last = p;
            }
            entity.destroy();
            for (let k = 0; k < 5; ++k) await nextFrame();
            return last;
        };
        app.scene.gsplat.splatBudget = 0;  // no global cap: the LOD range alone decides
        const levels = streamed.resource.octree.lodLevels;
        const lod = (l) => (e) => { e.gsplat.lodRangeMin = l; e.gsplat.lodRangeMax = l; };
        const reference = await frameOf(scan, () => {});
        const frames = {};
        const add = (name, p) => { frames[name] = { psnr: psnr(p.data, reference.data), covered: covered(p.data), png: p.png }; };
        add('finest', await frameOf(streamed, lod(0)));
        add('coarsest', await frameOf(streamed, lod(levels - 1)));
        add('scan turned 90° about X', await frameOf(scan, (e) => e.setLocalEulerAngles(90, 0, 0)));
        window.result = { frames, scanCovered: covered(reference.data), scanPng: reference.png };
    } catch (e) {
        window.result = { error: String(e && e.stack || e) };
    }
})();
