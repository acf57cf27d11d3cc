export {
  type HostileAttack,
  type HostileUpstream,
  type HostileUpstreamOptions,
  startHostileUpstream,
} from './start-hostile-upstream';
