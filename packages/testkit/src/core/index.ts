// What every simulator is built on, for users' own tests too: the one clock a test can move.
export { createSimulatorClock, type SimulatorClock } from './simulator-clock';
