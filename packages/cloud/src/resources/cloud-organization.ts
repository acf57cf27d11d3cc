/**
 * An organization's billing state, as the Config API reports it.
 *
 * @example
 * ```ts
 * const billing: OrganizationBilling = { paymentStatus: 'okay', subscriptionStatus: 'subscribed' };
 * ```
 */
export interface OrganizationBilling {
  paymentStatus?: string | undefined;
  subscriptionStatus?: string | undefined;
}

/**
 * The organization a workspace belongs to (`workspace.getOrganization()`).
 *
 * @example
 * ```ts
 * const organization = await workspace.getOrganization();
 * console.log(organization?.organizationName, organization?.isAccountLocked);
 * ```
 */
export class CloudOrganization {
  readonly organizationId: string;
  readonly organizationName: string;
  /** Whether single sign-on is on, when reported. */
  readonly sso: boolean | undefined;
  readonly billing: OrganizationBilling | undefined;

  constructor(init: {
    organizationId: string;
    organizationName: string;
    sso?: boolean | undefined;
    billing?: OrganizationBilling | undefined;
  }) {
    this.organizationId = init.organizationId;
    this.organizationName = init.organizationName;
    this.sso = init.sso;
    this.billing = init.billing;
  }

  /** True when billing says the account is locked (payment `disabled`/`locked`, or unsubscribed). */
  get isAccountLocked(): boolean {
    const payment = this.billing?.paymentStatus;
    return (
      payment === 'disabled' || payment === 'locked' || this.billing?.subscriptionStatus === 'unsubscribed'
    );
  }
}
