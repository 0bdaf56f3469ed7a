// Converts one HEIC (HEVC) image to JPEG off the main thread: heic-convert is pure WebAssembly and takes
// seconds and ~500 MB for a 12 MP photo (DESIGN.md §10). One worker per image, so that memory is freed.
import { parentPort, workerData } from 'node:worker_threads';
import convert from 'heic-convert';

const jpeg = await convert({ buffer: workerData.input, format: 'JPEG', quality: 0.95 });
parentPort?.postMessage(new Uint8Array(jpeg));
