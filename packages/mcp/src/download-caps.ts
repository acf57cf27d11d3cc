/** Downloads up to 256 KiB come back inline by default: more would crowd the model's context. */
export const DEFAULT_DOWNLOAD_CAP = 256 * 1024;

/** A download read through its resource link is read up to 50 MiB by default. */
export const DEFAULT_RESOURCE_CAP = 50 * 1024 * 1024;
