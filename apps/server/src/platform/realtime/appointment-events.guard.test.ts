import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Issue 17 item 3 (decision 0042): every route that writes an appointment a provider screen shows
// must publish 'appointment.changed' — in its service (publishAppointmentChanged) or on the route
// (onResponse: publishAppointmentChangedOnSuccess). This test reads the server's source with the
// TypeScript parser, finds every function that writes one of the tables below (directly or through
// the functions it calls, across files), and fails for a route whose handler reaches such a write
// without a publish on the way. A new write path that forgets to publish fails here, by name.

const SERVER_SRC = path.resolve(import.meta.dirname, '../..');

/** The drizzle tables whose rows the day schedule, the waiting rooms and the clinic's list show. */
const WATCHED_TABLES = new Set([
  'appointments',
  'appointmentVisits',
  'checkIns',
  'tasks',
  'quickLinks',
  'waitlistEntries',
]);
const WATCHED_SQL =
  /\b(insert\s+into|update|delete\s+from)\s+"?(appointments|appointment_visits|check_ins|tasks|quick_links|waitlist_entries)\b/i;
const PUBLISHERS = new Set(['publishAppointmentChanged', 'publishAppointmentChangedOnSuccess']);

/**
 * Routes that write a watched table on purpose without publishing, each with its reason. Keep short:
 * an entry here is a screen that will not follow that change until its next refetch.
 */
const ALLOWED: Record<string, string> = {
  // Reading a visit's tasks creates the missing ones (spec 2 §7); the next real change (a task marked,
  // the check-in finished) publishes, and a hint on every read would refetch every provider screen.
  'GET /api/check-in/appointments/:appointmentId/tasks':
    'tasks created on first read; the check-in steps publish',
  // On-the-fly tasks belong to no appointment (tasks.appointment_id is null): no schedule shows them.
  'POST /api/on-fly-tasks/:settingId/${path}': 'on-the-fly tasks have no appointment',
};

/** Data a development or test helper writes is not a user's change (dev fixtures, seeds). */
function exempt(file: string): boolean {
  const relative = path.relative(SERVER_SRC, file);
  return (
    relative.startsWith(`seed${path.sep}`) ||
    relative.startsWith(`test${path.sep}`) ||
    relative.includes(`dev-fixtures${path.sep}`) ||
    relative.endsWith('-test-helpers.ts') ||
    relative.endsWith('.test.ts')
  );
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      return sourceFiles(full);
    }
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** A function of the source: what it writes directly, whom it calls, whether it publishes. */
interface Unit {
  key: string;
  writes: boolean;
  publishes: boolean;
  calls: Set<string>;
}

interface RouteEntry {
  name: string;
  file: string;
  calls: Set<string>;
  publishes: boolean;
}

interface Parsed {
  units: Map<string, Unit>;
  routes: RouteEntry[];
}

const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

function parseServer(): Parsed {
  const units = new Map<string, Unit>();
  const routes: RouteEntry[] = [];
  for (const file of sourceFiles(SERVER_SRC)) {
    if (file.endsWith('.test.ts')) {
      continue;
    }
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    /** Local name -> unit key (`file#name`) of what it names: imports, then the file's own functions. */
    const names = new Map<string, string>();
    for (const statement of source.statements) {
      if (
        ts.isImportDeclaration(statement) &&
        ts.isStringLiteral(statement.moduleSpecifier) &&
        statement.moduleSpecifier.text.startsWith('.') &&
        statement.importClause?.namedBindings &&
        ts.isNamedImports(statement.importClause.namedBindings)
      ) {
        const target = path.resolve(path.dirname(file), statement.moduleSpecifier.text);
        for (const element of statement.importClause.namedBindings.elements) {
          const exported = (element.propertyName ?? element.name).text;
          names.set(element.name.text, `${target}#${exported}`);
        }
      }
    }
    const topLevel: [string, ts.Node][] = [];
    for (const statement of source.statements) {
      if (ts.isFunctionDeclaration(statement) && statement.name) {
        topLevel.push([statement.name.text, statement]);
      } else if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) {
          if (ts.isIdentifier(declaration.name) && declaration.initializer) {
            topLevel.push([declaration.name.text, declaration.initializer]);
          }
        }
      } else if (ts.isClassDeclaration(statement) && statement.name) {
        for (const member of statement.members) {
          if (ts.isMethodDeclaration(member) && ts.isIdentifier(member.name)) {
            topLevel.push([`${statement.name.text}.${member.name.text}`, member]);
          }
        }
      }
    }
    for (const [name] of topLevel) {
      names.set(name, `${file}#${name}`);
    }

    const scan = (node: ts.Node) => {
      const found = { writes: false, publishes: false, calls: new Set<string>() };
      const visit = (child: ts.Node) => {
        if (ts.isCallExpression(child)) {
          const callee = child.expression;
          if (ts.isIdentifier(callee)) {
            if (PUBLISHERS.has(callee.text)) {
              found.publishes = true;
            }
            const key = names.get(callee.text);
            if (key) {
              found.calls.add(key);
            }
          } else if (ts.isPropertyAccessExpression(callee)) {
            const [first] = child.arguments;
            if (
              ['insert', 'update', 'delete'].includes(callee.name.text) &&
              first &&
              ts.isIdentifier(first) &&
              WATCHED_TABLES.has(first.text)
            ) {
              found.writes = true;
            }
            // this.method(...) inside a class.
            if (callee.expression.kind === ts.SyntaxKind.ThisKeyword) {
              const owner = ts.findAncestor(child, ts.isClassDeclaration)?.name?.text;
              if (owner) {
                found.calls.add(`${file}#${owner}.${callee.name.text}`);
              }
            }
          }
        }
        if (ts.isTaggedTemplateExpression(child) && WATCHED_SQL.test(child.template.getText(source))) {
          found.writes = true;
        }
        // A function handed on (e.g. `.then(markTask)`, a route's handler by name) counts as called.
        if (ts.isIdentifier(child)) {
          const key = names.get(child.text);
          if (key) {
            found.calls.add(key);
          }
        }
        ts.forEachChild(child, visit);
      };
      visit(node);
      return found;
    };

    for (const [name, node] of topLevel) {
      const found = scan(node);
      const key = `${file}#${name}`;
      units.set(key, {
        key,
        writes: found.writes && !exempt(file),
        publishes: found.publishes,
        calls: found.calls,
      });
    }

    // Route registrations: `<x>.post('/path', { ...options }, handler)` in a routes file.
    if (file.endsWith('.routes.ts') && !exempt(file)) {
      const visitRoutes = (node: ts.Node) => {
        if (
          ts.isCallExpression(node) &&
          ts.isPropertyAccessExpression(node.expression) &&
          HTTP_METHODS.has(node.expression.name.text) &&
          node.arguments.length >= 2
        ) {
          const [pathArgument] = node.arguments;
          if (
            pathArgument &&
            (ts.isStringLiteralLike(pathArgument) || ts.isTemplateExpression(pathArgument))
          ) {
            const found = scan(node);
            routes.push({
              name: `${node.expression.name.text.toUpperCase()} ${pathArgument.getText(source).slice(1, -1)}`,
              file,
              calls: found.calls,
              publishes: found.publishes,
            });
            return;
          }
        }
        ts.forEachChild(node, visitRoutes);
      };
      visitRoutes(source);
    }
  }
  return { units, routes };
}

/** Whether calling `key` can write a watched table without a publish on the way (memoised). */
function reachesUnpublishedWrite(units: Map<string, Unit>) {
  const memo = new Map<string, string[] | null>();
  const walk = (key: string, stack: Set<string>): string[] | null => {
    const cached = memo.get(key);
    if (cached !== undefined) {
      return cached;
    }
    const unit = units.get(key);
    if (!unit || stack.has(key) || unit.publishes) {
      return null;
    }
    if (unit.writes) {
      memo.set(key, [key]);
      return [key];
    }
    stack.add(key);
    let result: string[] | null = null;
    for (const callee of unit.calls) {
      const path = walk(callee, stack);
      if (path) {
        result = [key, ...path];
        break;
      }
    }
    stack.delete(key);
    memo.set(key, result);
    return result;
  };
  return (key: string) => walk(key, new Set());
}

const short = (key: string) => path.relative(SERVER_SRC, key);

describe('every appointment write publishes appointment.changed (decision 0042)', () => {
  const parsed = parseServer();
  const reaches = reachesUnpublishedWrite(parsed.units);

  /** Routes whose handler reaches a watched write with no publish, with the call chain. */
  function offenders(): Record<string, string> {
    const found: Record<string, string> = {};
    for (const route of parsed.routes) {
      if (route.publishes) {
        continue;
      }
      for (const callee of route.calls) {
        const chain = reaches(callee);
        if (chain) {
          found[route.name] = `${short(route.file)}: ${chain.map(short).join(' -> ')}`;
          break;
        }
      }
    }
    return found;
  }

  it('finds the writes it guards (the scan is not blind)', () => {
    const writers = [...parsed.units.values()].filter((unit) => unit.writes).map((unit) => short(unit.key));
    expect(writers).toEqual(
      expect.arrayContaining([
        'modules/appointments/appointments.repository.ts#markCancelled',
        'modules/appointments/appointments.repository.ts#insertAppointmentRow',
        'modules/provider-schedule/provider-schedule.repository.ts#upsertVisit',
        'modules/check-in/check-in.repository.ts#upsertCheckIn',
        'modules/quick-links/quick-links.repository.ts#insertQuickLink',
      ]),
    );
    // The routes that write are seen, and they publish.
    const names = parsed.routes.map((route) => route.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /api/appointments',
        'DELETE /api/appointments/:id',
        'POST /api/check-in/finish',
        'PUT ${base}/appointments/:appointmentId/patient-status',
      ]),
    );
  });

  it('leaves no route that writes an appointment without publishing, except the listed ones', () => {
    const found = offenders();
    const unexpected = Object.fromEntries(Object.entries(found).filter(([name]) => !(name in ALLOWED)));
    // On failure: publish in the service (publishAppointmentChanged after the transaction) or add
    // `onResponse: publishAppointmentChangedOnSuccess(context, changedBy...)` to the route.
    expect(unexpected).toEqual({});
    // An allowance that no longer matches anything is removed, so the list stays honest.
    expect(Object.keys(ALLOWED).filter((name) => !(name in found))).toEqual([]);
  });

  it('would catch a route that forgets: a handler calling a writer without publishing is reported', () => {
    const fake: Parsed = {
      units: new Map([
        ['svc#cancel', { key: 'svc#cancel', writes: false, publishes: false, calls: new Set(['repo#mark']) }],
        ['repo#mark', { key: 'repo#mark', writes: true, publishes: false, calls: new Set() }],
        ['svc#safe', { key: 'svc#safe', writes: false, publishes: true, calls: new Set(['repo#mark']) }],
      ]),
      routes: [],
    };
    const check = reachesUnpublishedWrite(fake.units);
    expect(check('svc#cancel')).toEqual(['svc#cancel', 'repo#mark']);
    expect(check('svc#safe')).toBeNull();
  });
});
