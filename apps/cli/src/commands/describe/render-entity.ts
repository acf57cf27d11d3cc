import type { ActionDescription } from '../../introspect/describe-action';
import type { EntityDescription } from '../../introspect/describe-connector';
import type { FieldDescription } from '../../introspect/field-description';
import type { Style } from '../../output/color';
import { formatTable } from '../../output/table';
import { exampleInvocation } from './example-invocation';

function indent(text: string, spaces: number): string {
  const pad = ' '.repeat(spaces);
  return text
    .split('\n')
    .map((line) => (line === '' ? line : pad + line))
    .join('\n');
}

function typeLabel(field: FieldDescription): string {
  return field.nullable ? `${field.type} | null` : field.type;
}

/**
 * True when the description already states the constraint (`items per page (1-100)` says `1..100`):
 * a range is printed once.
 */
function saidIn(text: string, constraint: string): boolean {
  const range = /^(?:length )?(-?[\d.]+)\.\.(-?[\d.]+)$/.exec(constraint);
  if (!range) return text.includes(constraint);
  const [, min, max] = range;
  return [`${min}..${max}`, `${min}-${max}`, `${min}–${max}`, `${min} to ${max}`].some((form) =>
    text.includes(form),
  );
}

function paramDescription(field: FieldDescription, style: Style): string {
  const notes = field.constraints.filter((constraint) => !saidIn(field.description ?? '', constraint));
  if (field.enum) notes.unshift(`one of ${field.enum.map(String).join(', ')}`);
  if (field.default !== undefined) notes.push(`default ${JSON.stringify(field.default)}`);
  const text = field.description ?? '';
  if (notes.length === 0) return text;
  const extra = style.dim(`(${notes.join('; ')})`);
  return text === '' ? extra : `${text} ${extra}`;
}

function renderAction(connector: string, entity: string, action: ActionDescription, style: Style): string {
  const lines: string[] = [`${style.bold(style.cyan(action.name))}  ${action.description}`];
  if (action.aliases) lines.push(`  Also called: ${action.aliases.join(', ')}`);
  if (action.params.length === 0) {
    lines.push('  Params: none');
  } else {
    lines.push('  Params');
    lines.push(
      indent(
        formatTable(
          [{ header: 'NAME' }, { header: 'TYPE' }, { header: 'REQUIRED' }, { header: 'DESCRIPTION' }],
          action.params.map((field) => [
            field.name,
            typeLabel(field),
            field.required ? 'yes' : '',
            paramDescription(field, style),
          ]),
          { style },
        ).trimEnd(),
        4,
      ),
    );
  }
  if (action.rules.length > 0) {
    lines.push('  Rules');
    for (const rule of action.rules) lines.push(`    - ${rule.text}`);
  }
  if (action.searchable_fields) {
    lines.push('  Searchable fields');
    lines.push(`    ${action.searchable_fields.map((field) => `${field.name} (${field.type})`).join(', ')}`);
  }
  if (action.unsearchable_fields) {
    lines.push('  Not searchable (never stored by the sync)');
    for (const field of action.unsearchable_fields) lines.push(`    - ${field.name}: ${field.reason}`);
  }
  if (action.record === null) {
    lines.push('  Returns: the bytes of the file');
  } else if (action.record.length > 0) {
    lines.push(
      `  Record fields${action.record_keeps_unknown_fields ? style.dim(' (other upstream fields are kept too)') : ''}`,
    );
    lines.push(
      indent(
        formatTable(
          [{ header: 'NAME' }, { header: 'TYPE' }, { header: 'ALWAYS' }],
          action.record.map((field) => [field.name, typeLabel(field), field.required ? 'yes' : '']),
          { style },
        ).trimEnd(),
        4,
      ),
    );
  } else {
    lines.push(
      `  Returns: ${action.record_keeps_unknown_fields ? 'an object with any fields' : 'an empty object'}`,
    );
  }
  lines.push(`  ${style.dim('Example:')} ${exampleInvocation(connector, entity, action)}`);
  return lines.join('\n');
}

/**
 * An entity for people: each action with a table of params, its rules, its record fields and an
 * example command line.
 *
 * @example
 * ```ts
 * process.stdout.write(renderEntity('example', describeEntity(definition, 'tasks'), style));
 * ```
 */
export function renderEntity(
  connector: string,
  entity: EntityDescription,
  style: Style,
  onlyAction?: string,
): string {
  const actions = entity.actions.filter((action) => onlyAction === undefined || action.name === onlyAction);
  const header = `${style.bold(entity.name)}: ${entity.description}`;
  return `${[header, ...actions.map((action) => renderAction(connector, entity.name, action, style))].join('\n\n')}\n`;
}
