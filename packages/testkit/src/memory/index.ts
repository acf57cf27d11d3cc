export { createLiveMemoryProbe, type LiveMemoryProbe } from './live-memory-probe';
