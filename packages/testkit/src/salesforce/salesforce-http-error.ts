/**
 * One entry of a REST error array, as Salesforce sends it.
 *
 * @example
 * ```ts
 * const entry: SalesforceErrorEntry = { message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' };
 * ```
 */
export interface SalesforceErrorEntry {
  message: string;
  errorCode: string;
  fields?: string[];
}

/**
 * An error response of the simulated REST API: status and the JSON array body.
 *
 * @example
 * ```ts
 * throw new SalesforceHttpError(404, 'NOT_FOUND', 'The requested resource does not exist');
 * ```
 */
export class SalesforceHttpError extends Error {
  readonly status: number;
  readonly body: SalesforceErrorEntry[];

  constructor(status: number, errorCode: string, message: string, fields?: string[]) {
    super(message);
    this.name = 'SalesforceHttpError';
    this.status = status;
    this.body = [{ message, errorCode, ...(fields === undefined ? {} : { fields }) }];
  }
}

/** The body of a 401 on an expired or unknown session. */
export const SESSION_EXPIRED: SalesforceErrorEntry[] = [
  { message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' },
];
/** `NOT_FOUND` message for an unknown resource or sObject type. */
export const RESOURCE_NOT_FOUND = 'The requested resource does not exist';
/** `NOT_FOUND` message for an unknown record id (real orgs word it so). */
export const recordNotFound = (id: string): string =>
  `Provided external ID field does not exist or is not accessible: ${id}`;
