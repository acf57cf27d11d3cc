// Its own file, low in the tree: the server's configuration and each feature's (e.g. sync's) read
// the same variables without a feature importing the server's whole configuration.

/** Environment variables, as `process.env` holds them. */
export type Environment = Readonly<Record<string, string | undefined>>;
