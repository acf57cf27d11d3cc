import { SeededRandom } from '../core/seeded-random';
import { OPPORTUNITY_STAGES } from './opportunity-stages';
import { SalesforceDataset, type SalesforceRecord } from './salesforce-dataset';

// How a generated org is put together: a builder that stamps records with a generated history,
// and the reference data (the org, users, roles, record types) every org has.

export const pad = (n: number, width: number): string => String(n).padStart(width, '0');
export const isoDate = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

export class Builder {
  readonly data = new SalesforceDataset();
  readonly random: SeededRandom;
  private tick = 0;

  constructor(
    readonly seed: number,
    readonly reference: number,
  ) {
    this.random = new SeededRandom(seed);
    // Updates made while building belong to the generated history too.
    this.data.now = () => this.reference - 25 * 86_400_000 + this.tick * 7_000;
  }

  /** A creation time in the 25 days before the reference, older for earlier records. */
  at(): number {
    this.tick += 1;
    return this.reference - 25 * 86_400_000 + this.tick * 7_000;
  }

  add(type: string, fields: Record<string, unknown>): SalesforceRecord {
    const at = this.at();
    return this.data.insert(type, fields, at);
  }
}

export function addReferenceData(b: Builder): { users: SalesforceRecord[] } {
  const data = b.data;
  data.orgId = data.insert(
    'Organization',
    {
      Name: 'Northwind Outfitters (Simulated)',
      OrganizationType: 'Enterprise Edition',
      InstanceName: 'SIM1',
      IsSandbox: false,
      LanguageLocaleKey: 'en_US',
      TimeZoneSidKey: 'GMT',
      DefaultLocaleSidKey: 'en_US',
    },
    b.at(),
  ).Id;
  const admin = b.add('Profile', { Name: 'System Administrator', UserType: 'Standard' });
  const standard = b.add('Profile', { Name: 'Standard User', UserType: 'Standard' });
  const ceo = b.add('UserRole', { Name: 'CEO' });
  const rep = b.add('UserRole', { Name: 'Sales Representative', ParentRoleId: ceo.Id });
  const people: Array<[string, string, string, boolean]> = [
    ['Ada', 'Integration', 'Integration User', true],
    ['Grace', 'Hopper', 'VP Sales', true],
    ['Alan', 'Turing', 'Account Executive', true],
    ['Katherine', 'Johnson', 'Account Executive', true],
    ['Linus', 'Torvalds', 'Support Engineer', true],
    ['Margaret', 'Hamilton', 'Sales Operations', true],
    ['Dennis', 'Ritchie', 'Former Account Executive', false],
  ];
  const users = people.map(([first, last, title, active], index) => {
    const alias = `${first.slice(0, 1)}${last.slice(0, 4)}`.toLowerCase();
    const user = b.add('User', {
      FirstName: first,
      LastName: last,
      Username: `${first}.${last}@northwind.example.com`.toLowerCase(),
      Email: `${first}.${last}@northwind.example.com`.toLowerCase(),
      Alias: alias,
      Title: title,
      CompanyName: 'Northwind Outfitters',
      Department: index === 4 ? 'Support' : 'Sales',
      IsActive: active,
      UserType: 'Standard',
      ProfileId: index === 0 ? admin.Id : standard.Id,
      UserRoleId: index <= 1 ? ceo.Id : rep.Id,
      TimeZoneSidKey: 'GMT',
      EmployeeNumber: pad(index + 1, 4),
      LastLoginDate: b.reference - index * 3_600_000,
    });
    if (index === 0) {
      data.apiUserId = user.Id;
      // Records created before the API user existed point at it too.
      for (const record of data.byId.values()) {
        if (record.CreatedById === null) record.CreatedById = user.Id;
        if (record.LastModifiedById === null) record.LastModifiedById = user.Id;
      }
    }
    return user;
  });
  for (const user of users.slice(2)) data.byId.get(user.Id)!.ManagerId = users[1]!.Id;
  OPPORTUNITY_STAGES.forEach((stage, index) => {
    b.add('OpportunityStage', {
      MasterLabel: stage.label,
      ApiName: stage.label,
      IsActive: true,
      SortOrder: index + 1,
      IsClosed: stage.closed,
      IsWon: stage.won,
      ForecastCategory: stage.forecastCategory,
      ForecastCategoryName: stage.forecastCategoryName,
      DefaultProbability: stage.probability,
      Description: null,
    });
  });
  return { users };
}
