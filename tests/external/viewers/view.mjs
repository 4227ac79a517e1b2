// One check: the source GLB rendered by three.js and a splat file rendered by Spark or PlayCanvas
// at the viewer's defaults, from the same camera, once as exported and once per turn. Query:
// viewer=spark|playcanvas, file=URL of the splat file, glb=URL of the model, flip=1 to apply the
// 180° turn about X that a viewer's documentation gives for a 3DGS-convention file.
// Sets window.result = {frames: {turn: {psnr, png}}, glbPng} or {error}.
import * as THREE from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
import { pixels, psnr } from './frame_metrics.mjs';

const params = new URLSearchParams(location.search);
const W = 320, H = 240, FOV = 40;
const EYE = [1.4, 0.9, 1.8];  // front right, above (three.js and PlayCanvas: +Y up, camera looks down −Z)
const TURNS = {
    upright: [0, 0, 0],
    'x+90': [90, 0, 0], 'x-90': [-90, 0, 0], 'z+90': [0, 0, 90], 'z-90': [0, 0, -90], 'x180': [180, 0, 0],
};
const nextFrame = () => new Promise((r) => requestAnimationFrame(r));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function renderGlb() {
    const renderer = new THREE.WebGLRenderer({ canvas: document.getElementById('glb'), preserveDrawingBuffer: true });
    renderer.setSize(W, H, false);
    renderer.setClearColor(0x000000, 1);
    const scene = new THREE.Scene();
    const gltf = await new GLTFLoader().loadAsync(params.get('glb'));
    gltf.scene.traverse((o) => {  // unlit base colour: what the splats carry
        if (o.isMesh) o.material = new THREE.MeshBasicMaterial({ map: o.material.map, color: o.material.color, side: THREE.DoubleSide });
    });
    scene.add(gltf.scene);
    const camera = new THREE.PerspectiveCamera(FOV, W / H, 0.05, 50);
    camera.position.set(...EYE);
    camera.lookAt(0, 0, 0);
    renderer.render(scene, camera);
    return pixels(renderer.domElement, W, H);
}

function turnQuaternion(deg, flip) {
    const q = new THREE.Quaternion().setFromEuler(new THREE.Euler(...deg.map((d) => d * Math.PI / 180), 'XYZ'));
    if (flip) q.multiply(new THREE.Quaternion().setFromAxisAngle(new THREE.Vector3(1, 0, 0), Math.PI));
    return q;
}

async function spark(file, flip, capture) {
    const { SparkRenderer, SplatMesh } = await import('@sparkjsdev/spark');
    const renderer = new THREE.WebGLRenderer({ canvas: document.getElementById('splat'), preserveDrawingBuffer: true, antialias: false });
    renderer.setSize(W, H, false);
    renderer.setClearColor(0x000000, 1);
    const scene = new THREE.Scene();
    scene.add(new SparkRenderer({ renderer }));
    const camera = new THREE.PerspectiveCamera(FOV, W / H, 0.05, 50);
    camera.position.set(...EYE);
    camera.lookAt(0, 0, 0);
    const splat = new SplatMesh({ url: file });
    await splat.initialized;
    scene.add(splat);
    for (const [name, deg] of Object.entries(TURNS)) {
        splat.quaternion.copy(turnQuaternion(deg, flip));
        for (let i = 0; i < 30; ++i) { renderer.render(scene, camera); await nextFrame(); }
        await sleep(300);  // the sort runs in a worker
        for (let i = 0; i < 5; ++i) { renderer.render(scene, camera); await nextFrame(); }
        capture(name, renderer.domElement);
    }
}

async function playcanvas(file, flip, capture) {
    const pc = await import('playcanvas');
    const canvas = document.getElementById('splat');
    if (file.endsWith('.spz')) {
        const { decompress } = await import('fzstd');
        window.fzstdDecompress = decompress;
        pc.WasmModule.setConfig('ZstdDecoderModule', { fallbackUrl: '/zstd-glue.js' });
    }
    const device = await pc.createGraphicsDevice(canvas, { deviceTypes: ['webgl2'], antialias: false, preserveDrawingBuffer: true });
    device.maxPixelRatio = 1;
    const opts = new pc.AppOptions();
    opts.graphicsDevice = device;
    opts.componentSystems = [pc.RenderComponentSystem, pc.CameraComponentSystem, pc.GSplatComponentSystem];
    opts.resourceHandlers = [pc.TextureHandler, pc.ContainerHandler, pc.GSplatHandler];
    const app = new pc.AppBase(canvas);
    app.init(opts);
    app.setCanvasFillMode(pc.FILLMODE_NONE);
    app.setCanvasResolution(pc.RESOLUTION_FIXED, W, H);
    if (file.endsWith('.spz')) {
        const { SpzParser } = await import('/node_modules/playcanvas/scripts/esm/parsers/spz-parser.mjs');
        app.loader.getHandler('gsplat').addParser(new SpzParser(app));
    }
    app.start();
    const camera = new pc.Entity('camera');
    camera.addComponent('camera', { clearColor: new pc.Color(0, 0, 0, 1), fov: FOV, nearClip: 0.05, farClip: 50 });
    camera.setPosition(...EYE);
    camera.lookAt(0, 0, 0);
    app.root.addChild(camera);
    const asset = new pc.Asset('splat', 'gsplat', { url: file });
    await new Promise((resolve, reject) => {
        asset.once('load', resolve);
        asset.once('error', (e) => reject(new Error(String(e))));
        app.assets.add(asset);
        app.assets.load(asset);
    });
    const entity = new pc.Entity('splat');
    entity.addComponent('gsplat', { asset });
    app.root.addChild(entity);
    for (const [name, deg] of Object.entries(TURNS)) {
        const q = turnQuaternion(deg, flip);
        entity.setLocalRotation(new pc.Quat(q.x, q.y, q.z, q.w));
        for (let i = 0; i < 30; ++i) await nextFrame();
        await sleep(300);
        for (let i = 0; i < 5; ++i) await nextFrame();
        capture(name, canvas);
    }
}

(async () => {
    try {
        const glb = await renderGlb();
        const frames = {};
        const capture = (name, canvas) => {
            const p = pixels(canvas, W, H);
            frames[name] = { psnr: psnr(p.data, glb.data), png: p.png };
        };
        const flip = params.get('flip') === '1';
        const file = params.get('file');
        if (params.get('viewer') === 'spark') await spark(file, flip, capture);
        else await playcanvas(file, flip, capture);
        window.result = { frames, glbPng: glb.png };
    } catch (e) {
        window.result = { error: String(e && e.stack || e) };
    }
})();
