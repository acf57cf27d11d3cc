/**
 * One standard opportunity stage of a new org (Setup → Opportunity Stages): its label, default
 * probability, forecast category and whether it closes the opportunity (won or lost).
 *
 * @example
 * ```ts
 * OPPORTUNITY_STAGES.find((stage) => stage.label === 'Closed Won')?.won; // true
 * ```
 */
export interface OpportunityStageDefinition {
  label: string;
  probability: number;
  forecastCategory: 'Pipeline' | 'BestCase' | 'Forecast' | 'Closed' | 'Omitted';
  forecastCategoryName: 'Pipeline' | 'Best Case' | 'Commit' | 'Closed' | 'Omitted';
  closed: boolean;
  won: boolean;
}

/**
 * The stages a new Salesforce org ships with, in sort order.
 *
 * @example
 * ```ts
 * OPPORTUNITY_STAGES.length; // 10
 * ```
 */
export const OPPORTUNITY_STAGES: readonly OpportunityStageDefinition[] = [
  {
    label: 'Prospecting',
    probability: 10,
    forecastCategory: 'Pipeline',
    forecastCategoryName: 'Pipeline',
    closed: false,
    won: false,
  },
  {
    label: 'Qualification',
    probability: 10,
    forecastCategory: 'Pipeline',
    forecastCategoryName: 'Pipeline',
    closed: false,
    won: false,
  },
  {
    label: 'Needs Analysis',
    probability: 20,
    forecastCategory: 'Pipeline',
    forecastCategoryName: 'Pipeline',
    closed: false,
    won: false,
  },
  {
    label: 'Value Proposition',
    probability: 50,
    forecastCategory: 'Pipeline',
    forecastCategoryName: 'Pipeline',
    closed: false,
    won: false,
  },
  {
    label: 'Id. Decision Makers',
    probability: 60,
    forecastCategory: 'Pipeline',
    forecastCategoryName: 'Pipeline',
    closed: false,
    won: false,
  },
  {
    label: 'Perception Analysis',
    probability: 70,
    forecastCategory: 'Pipeline',
    forecastCategoryName: 'Pipeline',
    closed: false,
    won: false,
  },
  {
    label: 'Proposal/Price Quote',
    probability: 75,
    forecastCategory: 'Pipeline',
    forecastCategoryName: 'Pipeline',
    closed: false,
    won: false,
  },
  {
    label: 'Negotiation/Review',
    probability: 90,
    forecastCategory: 'Pipeline',
    forecastCategoryName: 'Pipeline',
    closed: false,
    won: false,
  },
  {
    label: 'Closed Won',
    probability: 100,
    forecastCategory: 'Closed',
    forecastCategoryName: 'Closed',
    closed: true,
    won: true,
  },
  {
    label: 'Closed Lost',
    probability: 0,
    forecastCategory: 'Omitted',
    forecastCategoryName: 'Omitted',
    closed: true,
    won: false,
  },
];
