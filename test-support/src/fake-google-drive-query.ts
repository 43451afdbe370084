/**
 * The parts of Drive's request language the fake understands: a real subset of the files.list `q` language and
 * the `fields` partial-response selector.
 */

/** What a query looks at in a file. */
export interface QueryableFile {
  name: string;
  mimeType: string;
  parentId: string | null;
  trashed: boolean;
  modifiedAt: Date;
}

type Predicate = (e: QueryableFile) => boolean;

export interface DriveQuery {
  test: Predicate;
  /** The folder of a top-level `'<id>' in parents`: only its children need looking at. */
  parent: string | null;
}

type Token = { kind: 'string'; value: string } | { kind: 'word'; value: string } | { kind: 'op'; value: string };

function tokenize(q: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < q.length) {
    const c = q[i]!;
    if (/\s/.test(c)) i += 1;
    else if (c === "'") {
      let value = '';
      i += 1;
      while (i < q.length && q[i] !== "'") {
        if (q[i] === '\\' && i + 1 < q.length) i += 1;
        value += q[i];
        i += 1;
      }
      if (i >= q.length) throw new Error('unterminated string');
      i += 1;
      tokens.push({ kind: 'string', value });
    } else if (c === '(' || c === ')') {
      tokens.push({ kind: 'op', value: c });
      i += 1;
    } else {
      const op = /^(!=|<=|>=|=|<|>)/.exec(q.slice(i))?.[1];
      if (op) {
        tokens.push({ kind: 'op', value: op });
        i += op.length;
        continue;
      }
      const word = /^[A-Za-z_][A-Za-z0-9_.]*/.exec(q.slice(i))?.[0];
      if (!word) throw new Error(`unexpected ${c}`);
      tokens.push({ kind: 'word', value: word });
      i += word.length;
    }
  }
  return tokens;
}

/**
 * `and` binds tighter than `or`; `not` and parentheses as usual. Terms: `'<id>' in parents`, `mimeType`, `name`
 * (`=`, `!=`, `contains` — here a case-insensitive substring, where Drive matches word prefixes), `trashed`
 * (`=`, `!=` with true/false), `modifiedTime` (comparisons with an RFC 3339 string).
 */
export function parseQuery(q: string): DriveQuery {
  const tokens = tokenize(q);
  let at = 0;
  const peek = () => tokens[at];
  const isWord = (t: Token | undefined, value: string) => t?.kind === 'word' && t.value.toLowerCase() === value;
  const expect = (kind: Token['kind'], value?: string): Token => {
    const t = tokens[at];
    if (!t || t.kind !== kind || (value !== undefined && t.value !== value)) throw new Error('syntax');
    at += 1;
    return t;
  };
  const topParents: string[] = [];

  function term(top: boolean): Predicate {
    const t = peek();
    if (t?.kind === 'op' && t.value === '(') {
      at += 1;
      const inner = orExpr(false);
      expect('op', ')');
      return inner;
    }
    if (isWord(t, 'not')) {
      at += 1;
      const inner = term(false);
      return (e) => !inner(e);
    }
    if (t?.kind === 'string') {
      at += 1;
      if (!isWord(peek(), 'in')) throw new Error('syntax');
      at += 1;
      if (!isWord(peek(), 'parents')) throw new Error('only "in parents" is supported');
      at += 1;
      const id = t.value;
      if (top) topParents.push(id);
      return (e) => e.parentId === id;
    }
    const field = expect('word').value;
    const opToken = peek();
    let op: string;
    if (isWord(opToken, 'contains')) op = 'contains';
    else op = expect('op').value;
    if (op === 'contains') at += 1;
    const valueToken = tokens[at];
    at += 1;
    if (!valueToken) throw new Error('syntax');
    const value = valueToken.value;
    const compare = (actual: string, wanted: string): boolean => {
      switch (op) {
        case '=':
          return actual === wanted;
        case '!=':
          return actual !== wanted;
        case 'contains':
          return actual.toLowerCase().includes(wanted.toLowerCase());
        case '<':
          return actual < wanted;
        case '<=':
          return actual <= wanted;
        case '>':
          return actual > wanted;
        case '>=':
          return actual >= wanted;
        default:
          throw new Error('syntax');
      }
    };
    switch (field) {
      case 'mimeType':
      case 'name':
        if (valueToken.kind !== 'string' || ['<', '<=', '>', '>='].includes(op)) throw new Error('syntax');
        return field === 'name' ? (e) => compare(e.name, value) : (e) => compare(e.mimeType, value);
      case 'trashed': {
        if (valueToken.kind !== 'word' || !['true', 'false'].includes(value) || !['=', '!='].includes(op)) {
          throw new Error('syntax');
        }
        const wanted = value === 'true';
        return op === '=' ? (e) => e.trashed === wanted : (e) => e.trashed !== wanted;
      }
      case 'modifiedTime': {
        if (valueToken.kind !== 'string' || Number.isNaN(Date.parse(value))) throw new Error('syntax');
        const wanted = new Date(value).toISOString();
        return (e) => compare(e.modifiedAt.toISOString(), wanted);
      }
      default:
        throw new Error(`unknown field ${field}`);
    }
  }

  function andExpr(top: boolean): Predicate {
    const parts = [term(top)];
    while (isWord(peek(), 'and')) {
      at += 1;
      parts.push(term(top));
    }
    return parts.length === 1 ? parts[0]! : (e) => parts.every((p) => p(e));
  }

  function orExpr(top: boolean): Predicate {
    const first = andExpr(top);
    if (!isWord(peek(), 'or')) return first;
    // An `in parents` under an `or` no longer bounds the whole query.
    topParents.length = 0;
    const parts = [first];
    while (isWord(peek(), 'or')) {
      at += 1;
      parts.push(andExpr(false));
    }
    return (e) => parts.some((p) => p(e));
  }

  const test = orExpr(true);
  if (at !== tokens.length) throw new Error('syntax');
  return { test, parent: topParents[0] ?? null };
}

// --- `fields` ------------------------------------------------------------------------------------------------

export interface FieldTree {
  [name: string]: FieldTree | true;
}

/** `nextPageToken,files(id,name,parents)` → a tree; `*` keeps everything at its level. */
export function parseFields(fields: string): FieldTree {
  let at = 0;
  function list(): FieldTree {
    const tree: FieldTree = {};
    while (at < fields.length && fields[at] !== ')') {
      const name = /^[\s]*([A-Za-z*][A-Za-z0-9_]*)/.exec(fields.slice(at));
      if (!name) throw new Error('bad fields');
      at += name[0].length;
      let value: FieldTree | true = true;
      if (fields[at] === '(') {
        at += 1;
        value = list();
        if (fields[at] !== ')') throw new Error('bad fields');
        at += 1;
      } else if (fields[at] === '/') {
        // `files/id`: the same as files(id).
        at += 1;
        const rest = list();
        value = rest;
      }
      tree[name[1]!] = value;
      while (fields[at] === ' ') at += 1;
      if (fields[at] === ',') at += 1;
    }
    return tree;
  }
  const tree = list();
  if (at !== fields.length) throw new Error('bad fields');
  return tree;
}

export function selectFields(json: unknown, tree: FieldTree | true): unknown {
  if (tree === true || tree['*'] === true || json === null || typeof json !== 'object') return json;
  if (Array.isArray(json)) return json.map((item) => selectFields(item, tree));
  const out: Record<string, unknown> = {};
  for (const [key, sub] of Object.entries(tree)) {
    const value = (json as Record<string, unknown>)[key];
    if (value !== undefined) out[key] = selectFields(value, sub);
  }
  return out;
}
