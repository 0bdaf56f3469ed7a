/**
 * A long answer written in pieces (decision 0058). fast-json-stringify builds one string out of thousands
 * of small ones; writing it out makes V8 flatten it, and a string past ~128 KB (64 K characters once a
 * letter such as ș is in it) is flattened into its large-object space at about five times the cost per
 * byte: 1.3 ms of the ~9 ms spent opening a patient with 300 history entries (a 164 KB answer). Here the
 * answer's arrays are written an item at a time and turned into bytes every PIECE_CHARS characters, each
 * piece small; the pieces make one Buffer. The bytes are those of the whole-answer serializer: the same
 * compiled code writes every value, in the contract's order.
 */
/** A compiled serializer as fast-json-stringify makes it: the answer's text. */
export type SerializeText = (data: unknown) => string;
type Serialize = SerializeText;
export type SerializeAnswer = (data: unknown) => string | Buffer;
type JsonSchema = Record<string, unknown>;

/** Below this many items in every array the answer is small: it is written whole, as one string. */
export const PIECES_FROM_ITEMS = 64;
const PIECE_CHARS = 16_384;

/** Keywords at an object's top that make its properties depend on more than their own schemas. */
const WHOLE_ONLY = ['additionalProperties', 'patternProperties', 'anyOf', 'oneOf', 'allOf', 'if', 'nullable'];

interface Property {
  key: string;
  /** `"key":` as JSON writes it. */
  label: string;
  required: boolean;
  value: Serialize;
  /** For an array: its items' serializer. */
  item?: Serialize;
}

/**
 * `whole` for a short answer; for one with a long array at its top (an object's property, or the answer
 * itself), the same text written in pieces. `compile` is what made `whole`, given a part of the schema.
 */
export function inPiecesWhenLong(
  jsonSchema: JsonSchema,
  whole: Serialize,
  compile: (schema: JsonSchema) => Serialize,
): SerializeAnswer {
  if (isArraySchema(jsonSchema) && !('nullable' in jsonSchema)) {
    const items = jsonSchema['items'] as JsonSchema;
    let item: Serialize | undefined;
    return (data) => {
      if (!isLong(data)) return whole(data);
      item ??= compile(items);
      return writeArray(new Pieces(), data, item).bytes();
    };
  }
  const arrayKeys = arrayKeysOf(jsonSchema);
  if (arrayKeys.length === 0) return whole;
  // Compiled at the first long answer: most answers never are, and a restart answers sooner.
  let properties: Property[] | null | undefined;
  return (data) => {
    if (!isPlainObject(data) || !arrayKeys.some((key) => isLong(data[key]))) return whole(data);
    properties ??= propertiesOf(jsonSchema, compile);
    if (properties === null) return whole(data);
    const pieces = new Pieces();
    pieces.add('{');
    let first = true;
    for (const property of properties) {
      const value = data[property.key];
      // fast-json-stringify's own message for a missing required property.
      if (value === undefined && property.required) return whole(data);
      if (value === undefined) continue;
      pieces.add(first ? property.label : ',' + property.label);
      first = false;
      if (property.item && Array.isArray(value)) writeArray(pieces, value, property.item);
      else pieces.add(property.value(value));
    }
    pieces.add('}');
    return pieces.bytes();
  };
}

/** The object's properties that are arrays, when its properties are all that shape its JSON. */
function arrayKeysOf(jsonSchema: JsonSchema): string[] {
  const shape = jsonSchema['properties'];
  if (jsonSchema['type'] !== 'object' || !isSchema(shape)) return [];
  if (WHOLE_ONLY.some((keyword) => keyword in jsonSchema)) return [];
  const required = Array.isArray(jsonSchema['required']) ? (jsonSchema['required'] as unknown[]) : [];
  if (required.some((key) => typeof key !== 'string' || !(key in shape))) return [];
  if (Object.values(shape).some((schema) => !isSchema(schema) || 'default' in schema)) return [];
  return Object.keys(shape).filter((key) => isArraySchema(shape[key]));
}

/** Each property's serializer, or null when a part cannot be compiled alone (a `$ref` to the root, say). */
function propertiesOf(jsonSchema: JsonSchema, compile: (schema: JsonSchema) => Serialize): Property[] | null {
  const shape = jsonSchema['properties'] as Record<string, JsonSchema>;
  const required = new Set(Array.isArray(jsonSchema['required']) ? jsonSchema['required'] : []);
  // fast-json-stringify writes the required properties first, each group in the contract's order.
  const inOrder = Object.entries(shape).sort(
    ([first], [second]) => Number(required.has(second)) - Number(required.has(first)),
  );
  try {
    return inOrder.map(([key, schema]) => ({
      key,
      label: JSON.stringify(key) + ':',
      required: required.has(key),
      value: compile(schema),
      ...(isArraySchema(schema) ? { item: compile(schema['items'] as JsonSchema) } : {}),
    }));
  } catch {
    return null;
  }
}

function isArraySchema(schema: unknown): schema is JsonSchema {
  return isSchema(schema) && schema['type'] === 'array' && isSchema(schema['items']);
}

function writeArray(pieces: Pieces, items: unknown[], item: Serialize): Pieces {
  pieces.add('[');
  for (let index = 0; index < items.length; index += 1) {
    pieces.add(index === 0 ? item(items[index]) : ',' + item(items[index]));
  }
  pieces.add(']');
  return pieces;
}

/** Text gathered into short strings, each turned into bytes once it is PIECE_CHARS long. */
class Pieces {
  private text = '';
  private readonly buffers: Buffer[] = [];
  private length = 0;

  add(text: string): void {
    this.text += text;
    if (this.text.length >= PIECE_CHARS) this.flush();
  }

  bytes(): Buffer {
    this.flush();
    return Buffer.concat(this.buffers, this.length);
  }

  private flush(): void {
    const buffer = Buffer.from(this.text);
    this.buffers.push(buffer);
    this.length += buffer.length;
    this.text = '';
  }
}

function isLong(value: unknown): value is unknown[] {
  return Array.isArray(value) && value.length >= PIECES_FROM_ITEMS;
}

function isSchema(value: unknown): value is JsonSchema {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return (prototype === Object.prototype || prototype === null) && !('toJSON' in value);
}
