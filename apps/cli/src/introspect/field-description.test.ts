import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { acceptsUnknownFields, describeFields } from './field-description';
import { jsonSchemaOf } from './json-schema';

describe('describeFields', () => {
  const params = z.strictObject({
    gid: z.string().regex(/^\d+$/).describe('gid of the thing'),
    limit: z.int().min(1).max(100).describe('items per page').optional(),
    ratio: z.number().min(0).optional(),
    archived: z.boolean().optional(),
    sort: z.enum(['asc', 'desc']).describe('order').optional(),
    literal: z.literal('fixed').optional(),
    tags: z.array(z.string()).min(1).optional(),
    paths: z.array(z.union([z.string(), z.array(z.string())])).nullish(),
    cursor: z.string().min(1).max(64).nullish(),
    page: z
      .int()
      .min(1)
      .nullish()
      .transform((value) => value ?? 1),
    filter: z.looseObject({ a: z.string() }).optional(),
    anything: z.unknown(),
    size: z.string().default('m'),
  });
  const fields = describeFields(jsonSchemaOf(params, 'input'));
  const field = (name: string) => fields.find((candidate) => candidate.name === name)!;

  it('lists every field in declaration order', () => {
    expect(fields.map((candidate) => candidate.name)).toEqual(Object.keys(params.shape));
  });

  it('marks required fields: neither optional, nullish nor defaulted', () => {
    // `anything` (z.unknown()) is required as zod's JSON Schema says: the key must be present in JSON.
    expect(fields.filter((candidate) => candidate.required).map((candidate) => candidate.name)).toEqual([
      'gid',
      'anything',
    ]);
  });

  it('gives scalar types, descriptions and limits', () => {
    expect(field('gid')).toMatchObject({
      type: 'string',
      json_types: ['string'],
      description: 'gid of the thing',
      constraints: ['pattern ^\\d+$'],
    });
    expect(field('limit')).toMatchObject({
      type: 'integer',
      json_types: ['integer'],
      minimum: 1,
      maximum: 100,
      constraints: ['1..100'],
    });
    expect(field('ratio')).toMatchObject({ type: 'number', json_types: ['number'], constraints: ['>= 0'] });
    expect(field('archived')).toMatchObject({ type: 'boolean', json_types: ['boolean'], constraints: [] });
  });

  it('lists enum values and literals', () => {
    expect(field('sort')).toMatchObject({
      type: 'enum',
      enum: ['asc', 'desc'],
      json_types: ['string'],
      description: 'order',
    });
    expect(field('literal').type).toBe('"fixed"');
  });

  it('describes arrays with their item types', () => {
    expect(field('tags')).toMatchObject({
      type: 'array<string>',
      json_types: ['array'],
      item_types: ['string'],
      constraints: ['items >= 1'],
    });
    expect(field('paths')).toMatchObject({
      type: 'array<string | array<string>>',
      nullable: true,
      item_types: ['string', 'array'],
    });
  });

  it('unwraps nullable and transformed fields to what the caller sends', () => {
    expect(field('cursor')).toMatchObject({ type: 'string', nullable: true, constraints: ['length 1..64'] });
    expect(field('page')).toMatchObject({ type: 'integer', nullable: true, required: false });
  });

  it('says object and any where that is all there is to say', () => {
    expect(field('filter')).toMatchObject({ type: 'object', json_types: ['object'] });
    expect(field('anything')).toMatchObject({ type: 'any', json_types: ['any'] });
    expect(field('size')).toMatchObject({ default: 'm', required: false });
  });

  it('tells strict objects from open ones', () => {
    expect(acceptsUnknownFields(jsonSchemaOf(params, 'input'))).toBe(false);
    expect(acceptsUnknownFields(jsonSchemaOf(z.looseObject({ gid: z.string() }), 'output'))).toBe(true);
  });

  it('follows $refs of recursive schemas', () => {
    interface Node {
      name: string;
      children?: Node[];
    }
    const node: z.ZodType<Node> = z.object({
      name: z.string(),
      get children() {
        return z.array(node).optional();
      },
    });
    const schema = z.object({ root: node });
    const described = describeFields(jsonSchemaOf(schema, 'output'));
    expect(described).toEqual([expect.objectContaining({ name: 'root', type: 'object', required: true })]);
  });

  it('describes a schema that is not an object as having no fields', () => {
    expect(describeFields(jsonSchemaOf(z.string(), 'output'))).toEqual([]);
    expect(describeFields(jsonSchemaOf(z.never(), 'output'))).toEqual([]);
  });
});

describe('jsonSchemaOf', () => {
  it('leaves out $schema so the result embeds, and never throws', () => {
    expect(jsonSchemaOf(z.string(), 'input')).toEqual({ type: 'string' });
    expect(jsonSchemaOf(z.custom<string>(), 'input')).toEqual({});
  });
});
