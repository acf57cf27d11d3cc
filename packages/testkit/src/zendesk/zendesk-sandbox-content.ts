/** Hand-written content of the sandbox help desk ("Lumen Bikes", a bicycle maker's support team). */

export const SANDBOX_ORGANIZATIONS = [
  { name: 'Northwind Cycles', domains: ['northwind-cycles.example'], tags: ['dealer', 'gold'] },
  { name: 'Harbor City Couriers', domains: ['harborcouriers.example'], tags: ['fleet'] },
  { name: 'Greenbriar Corporation', domains: ['greenbriar.example'], tags: ['fleet', 'enterprise'] },
  { name: 'Alpine Trail Rentals', domains: ['alpinetrail.example'], tags: ['rental'] },
  { name: 'Bay Commuter Co-op', domains: ['baycommuter.example'], tags: ['dealer'] },
] as const;

export const SANDBOX_GROUPS = [
  { name: 'Support', description: 'First-line support for riders and dealers' },
  { name: 'Warranty', description: 'Frame and battery warranty claims' },
  { name: 'Billing', description: 'Invoices, refunds and payment plans' },
  { name: 'Fleet accounts', description: 'Business customers with more than 20 bikes' },
] as const;

/** `[name, role, group index or null]`: the staff. The first admin is the account owner. */
export const SANDBOX_STAFF: ReadonlyArray<readonly [string, 'admin' | 'agent', number | null]> = [
  ['Morgan Reyes', 'admin', 0],
  ['Priya Natarajan', 'admin', 3],
  ['Sam Okafor', 'agent', 0],
  ['Lena Fischer', 'agent', 1],
  ['Diego Alvarez', 'agent', 2],
  ['Hana Sato', 'agent', 0],
  ['Tom Becker', 'agent', 3],
];

export const SANDBOX_END_USERS = [
  'Jane Doe',
  'Oliver Grant',
  'Amara Nwosu',
  'Lucas Martin',
  'Sofia Rossi',
  'Ethan Walsh',
  'Mei Chen',
  'Noah Kim',
  'Isabel Duarte',
  'Kwame Mensah',
  'Chloe Dubois',
  'Arjun Mehta',
  'Freya Lund',
  'Mateo Silva',
  'Zoe Turner',
  'Yusuf Demir',
  'Ava Johansson',
  'Leo Novak',
  'Nina Petrova',
  'Ravi Shah',
];

/** `[subject, description, type, priority, tags]` of the sandbox tickets. */
export const SANDBOX_TICKETS: ReadonlyArray<
  readonly [
    string,
    string,
    'problem' | 'incident' | 'question' | 'task' | null,
    'urgent' | 'high' | 'normal' | 'low' | null,
    readonly string[],
  ]
> = [
  [
    'Battery drains overnight',
    'My e-bike battery goes from full to 40% overnight while switched off.',
    'problem',
    'high',
    ['battery', 'e-bike'],
  ],
  [
    'Invoice 4471 charged twice',
    'The invoice for our March order was charged twice on our corporate card.',
    'incident',
    'urgent',
    ['billing', 'refund'],
  ],
  [
    'How do I pair the display app?',
    'The Lumen app does not find my bike display over Bluetooth.',
    'question',
    'normal',
    ['app', 'bluetooth'],
  ],
  [
    'Cracked rear dropout on frame 88-231',
    'Found a hairline crack near the rear dropout after 800 km.',
    'problem',
    'urgent',
    ['warranty', 'frame'],
  ],
  [
    'Fleet order: 40 cargo bikes for Q3',
    'We would like a quote for 40 cargo bikes with rear racks.',
    'task',
    'normal',
    ['fleet', 'quote'],
  ],
  [
    'Brake squeal after rain',
    'Front disc brake squeals loudly after riding in the rain.',
    'question',
    'low',
    ['brakes'],
  ],
  [
    'Charger stopped working',
    'The charger LED stays red and the battery does not charge.',
    'incident',
    'high',
    ['battery', 'charger'],
  ],
  [
    'Change billing address',
    'Please update our billing address to the new warehouse.',
    'task',
    'low',
    ['billing'],
  ],
  [
    'Motor cuts out on hills',
    'The motor stops assisting on steep climbs, error E07 on the display.',
    'problem',
    'high',
    ['motor', 'e-bike'],
  ],
  [
    'Refund for returned helmet',
    'I returned a helmet two weeks ago and have not seen the refund yet.',
    'incident',
    'normal',
    ['refund'],
  ],
  [
    'Dealer portal login fails',
    'Our staff cannot log in to the dealer portal since yesterday.',
    'incident',
    'urgent',
    ['dealer', 'portal'],
  ],
  [
    'Spare parts catalogue request',
    'Could you send the current spare parts catalogue as PDF?',
    'question',
    'low',
    ['parts'],
  ],
  [
    'Gear shifting skips under load',
    'The chain skips on the 3rd and 4th gear when pedalling hard.',
    'problem',
    'normal',
    ['drivetrain'],
  ],
  [
    'Payment plan for fleet renewal',
    'We would like to split the renewal of 25 bikes over 12 months.',
    'task',
    'normal',
    ['billing', 'fleet'],
  ],
  [
    'Lights flicker at night',
    'Front light flickers on bumpy roads, looks like a loose connector.',
    'problem',
    'low',
    ['lights'],
  ],
  [
    'Warranty claim for battery cell',
    'Battery capacity dropped to 60% after one year.',
    'problem',
    'high',
    ['warranty', 'battery'],
  ],
  [
    'Delivery delayed for order 9012',
    'Our order was due last week, tracking has not moved.',
    'incident',
    'high',
    ['shipping'],
  ],
  [
    'Tyre pressure recommendation',
    'What tyre pressure do you recommend for the commuter model?',
    'question',
    'low',
    ['tyres'],
  ],
  [
    'Rental bikes need firmware update',
    'All 30 rental bikes show an update prompt, can we do it in bulk?',
    'task',
    'normal',
    ['firmware', 'fleet'],
  ],
  [
    'Lost key for frame lock',
    'I lost the key of the integrated frame lock, how do I get a new one?',
    'question',
    'normal',
    ['lock'],
  ],
];

export const SANDBOX_REPLIES = [
  'Thanks for reaching out. Could you send a photo and the serial number of the frame?',
  'I have escalated this to our warranty team; you will hear from them within two business days.',
  'We issued a refund today; it can take 3–5 business days to appear on your statement.',
  'Please try a full reset: hold the power button for 10 seconds, then pair again.',
  'The replacement part shipped this morning, tracking number attached.',
  'Internal note: customer is a gold dealer, prioritise.',
];

export const SCALE_PRODUCTS = [
  'battery',
  'charger',
  'motor',
  'display',
  'frame',
  'brakes',
  'lights',
  'app',
  'invoice',
  'order',
  'lock',
  'tyres',
];
export const SCALE_PROBLEMS = [
  'not working',
  'making noise',
  'question',
  'replacement needed',
  'error code',
  'billing issue',
  'delivery delay',
  'setup help',
];
export const SCALE_FILES: ReadonlyArray<readonly [string, number]> = [
  ['photo.jpg', 48_213],
  ['invoice.pdf', 91_532],
  ['diagnostics.txt', 3_107],
  ['screenshot.png', 210_004],
];
