import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * Finds the string ids the code uses, without running it: the TypeScript of the server, the contracts
 * and the app is parsed (syntax only, so it takes a second or two), constants are followed across
 * imports, and these shapes are read:
 *
 * - app: `useStrings(component, [ids…])` (ids as literals, `as const` lists, spreads of lists), then
 *   `s('id')` on the lookup it returned; `getString('id', component)`; `getStrings([{ key, component }])`;
 * - server: `….strings.get|exists(id, component)`, `….strings.errorMessage(code, component)`,
 *   `new AppError(code, { component })`, and functions that pass their first parameter to one of
 *   those with a fixed component (`say('id')`, `competencyError('code')`), also when another function
 *   returns them (`const say = sayFor(ctx)`);
 * - templates: `{{#str}}id, component{{/str}}`.
 *
 * Ids built at run time (`pluginname_${x}`) and lookups handed around as parameters are not checked;
 * they are counted as `dynamic`.
 */

export type UseKind = 'list' | 'lookup' | 'call' | 'error' | 'template';

export interface StringUse {
  component: string;
  id: string;
  file: string;
  line: number;
  kind: UseKind;
}

export interface UsageReport {
  uses: StringUse[];
  /** `s('id')` on a lookup whose `useStrings` list lacks the id: it would show an empty string. */
  unrequested: StringUse[];
  /** Places whose ids or component could not be read statically. */
  dynamic: number;
  files: number;
}

const SOURCE_DIRS = ['server', 'web', 'api'];
const SKIP_DIRS = new Set(['node_modules', 'dist', 'test-results', 'playwright-report']);

function walk(dir: string, out: string[]): void {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    if (SKIP_DIRS.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else out.push(path);
  }
}

/** Every source file that can use strings: TypeScript that is not a test, and Mustache templates. */
export function sourceFiles(root: string): string[] {
  const files: string[] = [];
  for (const dir of SOURCE_DIRS) walk(join(root, dir), files);
  return files.filter((f) => (/\.tsx?$/.test(f) && !/\.(test|spec)\.tsx?$/.test(f) && !f.endsWith('.d.ts')) || f.endsWith('.mustache')).sort();
}

interface Lookup {
  kind: 'lookup';
  component: string;
  keys: Set<string> | null;
}

interface Wrapper {
  kind: 'wrapper';
  component: string;
  use: 'call' | 'error';
}

interface Factory {
  kind: 'factory';
  wrapper: Wrapper;
}

type Binding = Lookup | Wrapper | Factory;

interface Module {
  file: string;
  source: ts.SourceFile;
  consts: Map<string, ts.Expression>;
  functions: Map<string, ts.FunctionLikeDeclaration>;
  imports: Map<string, { from: string; name: string }>;
}

const unwrap = (e: ts.Expression): ts.Expression =>
  ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || ts.isNonNullExpression(e) || ts.isTypeAssertionExpression(e) ? unwrap(e.expression) : e;

const isFunctionLike = (n: ts.Node): n is ts.ArrowFunction | ts.FunctionExpression | ts.FunctionDeclaration =>
  ts.isArrowFunction(n) || ts.isFunctionExpression(n) || ts.isFunctionDeclaration(n);

/** `strings`, `platform.strings`, `ctx.platform.strings`: a string manager. */
const isStringsReceiver = (e: ts.Expression) => (ts.isIdentifier(e) && e.text === 'strings') || (ts.isPropertyAccessExpression(e) && e.name.text === 'strings');

function normalise(component: string): string {
  return !component || component === 'core' ? 'moodle' : component;
}

class UsageFinder {
  private readonly modules = new Map<string, Module | null>();
  private readonly wrappers = new Map<ts.Node, Binding | null>();
  readonly report: UsageReport = { uses: [], unrequested: [], dynamic: 0, files: 0 };

  constructor(private readonly root: string) {}

  private module(file: string): Module | null {
    if (this.modules.has(file)) return this.modules.get(file) ?? null;
    if (!existsSync(file)) {
      this.modules.set(file, null);
      return null;
    }
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const mod: Module = { file, source, consts: new Map(), functions: new Map(), imports: new Map() };
    for (const statement of source.statements) {
      if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier) && statement.importClause?.namedBindings && ts.isNamedImports(statement.importClause.namedBindings)) {
        const from = this.resolveImport(file, statement.moduleSpecifier.text);
        if (from) for (const el of statement.importClause.namedBindings.elements) mod.imports.set(el.name.text, { from, name: (el.propertyName ?? el.name).text });
      } else if (ts.isVariableStatement(statement) && statement.declarationList.flags & ts.NodeFlags.Const) {
        for (const d of statement.declarationList.declarations) if (ts.isIdentifier(d.name) && d.initializer) mod.consts.set(d.name.text, d.initializer);
      } else if (ts.isFunctionDeclaration(statement) && statement.name) {
        mod.functions.set(statement.name.text, statement);
      }
    }
    this.modules.set(file, mod);
    return mod;
  }

  private resolveImport(from: string, specifier: string): string | null {
    if (!specifier.startsWith('.')) return null;
    const base = resolve(dirname(from), specifier);
    for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
    return null;
  }

  /** The declaration a top-level name stands for, following imports. */
  private declaration(name: string, file: string, depth = 0): { mod: Module; init?: ts.Expression; fn?: ts.FunctionLikeDeclaration } | null {
    const mod = this.module(file);
    if (!mod || depth > 8) return null;
    const init = mod.consts.get(name);
    if (init) return { mod, init };
    const fn = mod.functions.get(name);
    if (fn) return { mod, fn };
    const imported = mod.imports.get(name);
    return imported ? this.declaration(imported.name, imported.from, depth + 1) : null;
  }

  /** The strings an expression can be, or null when it is not known without running the code. */
  strings(expr: ts.Expression, file: string, depth = 0): string[] | null {
    const e = unwrap(expr);
    if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return [e.text];
    if (ts.isConditionalExpression(e)) {
      const a = this.strings(e.whenTrue, file, depth);
      const b = this.strings(e.whenFalse, file, depth);
      return a && b ? [...a, ...b] : null;
    }
    if (ts.isIdentifier(e) && depth < 8) {
      const found = this.declaration(e.text, file);
      return found?.init ? this.strings(found.init, found.mod.file, depth + 1) : null;
    }
    return null;
  }

  /** The ids of a list (literals, `as const` lists, spreads of lists); null when any element is unknown. */
  list(expr: ts.Expression, file: string, depth = 0): string[] | null {
    const e = unwrap(expr);
    if (ts.isArrayLiteralExpression(e)) {
      const out: string[] = [];
      for (const el of e.elements) {
        const part = ts.isSpreadElement(el) ? this.list(el.expression, file, depth) : this.strings(el, file, depth);
        if (!part) return null;
        out.push(...part);
      }
      return out;
    }
    if (ts.isIdentifier(e) && depth < 8) {
      const found = this.declaration(e.text, file);
      return found?.init ? this.list(found.init, found.mod.file, depth + 1) : null;
    }
    return null;
  }

  /** Whether a function passes its first parameter as a string id or error code with a fixed component. */
  private wrapperOf(fn: ts.Node, file: string): Binding | null {
    if (this.wrappers.has(fn)) return this.wrappers.get(fn) ?? null;
    this.wrappers.set(fn, null);
    if (!isFunctionLike(fn)) return null;
    const param = fn.parameters[0]?.name;
    let found: Binding | null = null;
    const visit = (node: ts.Node): void => {
      if (found) return;
      if (param && ts.isIdentifier(param)) {
        const isParam = (a: ts.Expression | undefined) => a !== undefined && ts.isIdentifier(unwrap(a)) && (unwrap(a) as ts.Identifier).text === param.text;
        if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && isStringsReceiver(node.expression.expression) && isParam(node.arguments[0])) {
          const method = node.expression.name.text;
          const component = node.arguments[1] ? this.strings(node.arguments[1], file) : ['moodle'];
          if (component?.length === 1 && (method === 'get' || method === 'errorMessage')) found = { kind: 'wrapper', component: component[0] ?? 'moodle', use: method === 'get' ? 'call' : 'error' };
        }
        if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'AppError' && isParam(node.arguments?.[0])) {
          const component = this.errorComponent(node.arguments?.[1], file);
          if (component) found = { kind: 'wrapper', component, use: 'error' };
        }
      }
      // A function that returns a wrapper makes wrappers (`sayFor(ctx)`).
      if (!found && node !== fn && isFunctionLike(node) && (ts.isReturnStatement(node.parent) || node.parent === fn)) {
        const inner = this.wrapperOf(node, file);
        if (inner?.kind === 'wrapper') found = { kind: 'factory', wrapper: inner };
      }
      if (!found) ts.forEachChild(node, visit);
    };
    if (fn.body) visit(fn.body);
    this.wrappers.set(fn, found);
    return found;
  }

  /** The component of `new AppError(code, { component })`: core errors when none is given. */
  private errorComponent(options: ts.Expression | undefined, file: string): string | null {
    if (!options) return 'error';
    const o = unwrap(options);
    if (!ts.isObjectLiteralExpression(o)) return null;
    const prop = o.properties.find((p) => p.name && ts.isIdentifier(p.name) && p.name.text === 'component');
    if (!prop) return 'error';
    const value = ts.isPropertyAssignment(prop) ? this.strings(prop.initializer, file) : ts.isShorthandPropertyAssignment(prop) ? this.strings(prop.name, file) : null;
    return value?.length === 1 ? (value[0] ?? null) : null;
  }

  /** What a name bound in a scope or a module stands for, if it is about strings. */
  private bindingOf(init: ts.Expression | ts.FunctionLikeDeclaration, file: string): Binding | null {
    if (isFunctionLike(init)) return this.wrapperOf(init, file);
    const e = unwrap(init as ts.Expression);
    if (!ts.isCallExpression(e) || !ts.isIdentifier(e.expression)) return null;
    if (e.expression.text === 'useStrings') {
      const component = e.arguments[0] ? this.strings(e.arguments[0], file) : null;
      if (component?.length !== 1) return null;
      const keys = e.arguments[1] ? this.list(e.arguments[1], file) : null;
      return { kind: 'lookup', component: component[0] ?? 'moodle', keys: keys ? new Set(keys) : null };
    }
    const callee = this.resolveBinding(e.expression.text, [], file);
    return callee?.kind === 'factory' ? callee.wrapper : null;
  }

  private resolveBinding(name: string, scopes: ReadonlyArray<Map<string, Binding>>, file: string): Binding | null {
    for (let i = scopes.length - 1; i >= 0; i -= 1) {
      const hit = scopes[i]?.get(name);
      if (hit) return hit;
    }
    const found = this.declaration(name, file);
    if (!found) return null;
    if (found.fn) return this.wrapperOf(found.fn, found.mod.file);
    return found.init && isFunctionLike(unwrap(found.init)) ? this.wrapperOf(unwrap(found.init), found.mod.file) : null;
  }

  private add(component: string, ids: readonly string[] | null, node: ts.Node, file: string, kind: UseKind): StringUse[] {
    if (!ids) {
      this.report.dynamic += 1;
      return [];
    }
    const { line } = ts.getLineAndCharacterOfPosition(node.getSourceFile(), node.getStart());
    const uses = ids.map((id) => ({ component: normalise(component), id, file: relative(this.root, file), line: line + 1, kind }));
    this.report.uses.push(...uses);
    return uses;
  }

  scanTypeScript(file: string): void {
    const mod = this.module(file);
    if (!mod) return;
    const scopes: Array<Map<string, Binding>> = [];
    const declareIn = (scope: Map<string, Binding>, statements: ts.NodeArray<ts.Statement>) => {
      for (const st of statements) {
        if (ts.isFunctionDeclaration(st) && st.name) {
          const b = this.wrapperOf(st, file);
          if (b) scope.set(st.name.text, b);
        }
        if (ts.isVariableStatement(st)) {
          for (const d of st.declarationList.declarations) {
            if (!ts.isIdentifier(d.name) || !d.initializer) continue;
            const b = this.bindingOf(d.initializer, file);
            if (b) scope.set(d.name.text, b);
          }
        }
      }
    };
    const visit = (node: ts.Node): void => {
      const opensScope = ts.isSourceFile(node) || ts.isBlock(node);
      if (opensScope) {
        const scope = new Map<string, Binding>();
        scopes.push(scope);
        declareIn(scope, node.statements);
      }
      if (ts.isCallExpression(node)) this.call(node, scopes, file);
      if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'AppError' && node.arguments?.[0]) {
        const code = unwrap(node.arguments[0]);
        // A parameter passed through is a wrapper's own body, checked at its callers.
        if (!ts.isIdentifier(code) || this.strings(code, file)) {
          const component = this.errorComponent(node.arguments[1], file);
          this.add(component ?? '', component ? this.strings(code, file) : null, node, file, 'error');
        }
      }
      ts.forEachChild(node, visit);
      if (opensScope) scopes.pop();
    };
    visit(mod.source);
  }

  private call(node: ts.CallExpression, scopes: ReadonlyArray<Map<string, Binding>>, file: string): void {
    const callee = node.expression;
    const [first, second] = node.arguments;
    if (ts.isIdentifier(callee)) {
      const name = callee.text;
      if (name === 'useStrings' && first && second) {
        const component = this.strings(first, file);
        this.add(component?.[0] ?? '', component?.length === 1 ? this.list(second, file) : null, node, file, 'list');
        return;
      }
      if (name === 'getString' && first) {
        const component = second ? this.strings(second, file) : ['moodle'];
        this.add(component?.[0] ?? '', component?.length === 1 ? this.strings(first, file) : null, node, file, 'call');
        return;
      }
      if (name === 'getStrings' && first && ts.isArrayLiteralExpression(unwrap(first))) {
        for (const el of (unwrap(first) as ts.ArrayLiteralExpression).elements) {
          if (!ts.isObjectLiteralExpression(el)) {
            this.report.dynamic += 1;
            continue;
          }
          const prop = (key: string) => el.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === key)?.initializer;
          const keyExpr = prop('key');
          const compExpr = prop('component');
          const component = compExpr ? this.strings(compExpr, file) : ['moodle'];
          this.add(component?.[0] ?? '', keyExpr && component?.length === 1 ? this.strings(keyExpr, file) : null, node, file, 'call');
        }
        return;
      }
      const binding = this.resolveBinding(name, scopes, file);
      if (!binding || binding.kind === 'factory' || !first) return;
      const ids = this.strings(first, file);
      if (binding.kind === 'lookup') {
        const uses = this.add(binding.component, ids, node, file, 'lookup');
        if (binding.keys) this.report.unrequested.push(...uses.filter((u) => !binding.keys?.has(u.id)));
      } else {
        this.add(binding.component, ids, node, file, binding.use);
      }
      return;
    }
    if (ts.isPropertyAccessExpression(callee) && isStringsReceiver(callee.expression) && first) {
      const method = callee.name.text;
      if (method !== 'get' && method !== 'exists' && method !== 'errorMessage') return;
      // A wrapper's own body passes its parameter through: its callers are checked instead.
      if (ts.isIdentifier(unwrap(first)) && !this.strings(first, file)) return;
      const component = second ? this.strings(second, file) : ['moodle'];
      this.add(component?.[0] ?? '', component?.length === 1 ? this.strings(first, file) : null, node, file, method === 'errorMessage' ? 'error' : 'call');
    }
  }

  scanTemplate(file: string): void {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/\{\{#str\}\}\s*([A-Za-z0-9_:/.-]+)\s*(?:,\s*([A-Za-z0-9_]*))?/g)) {
      const line = text.slice(0, match.index).split('\n').length;
      this.report.uses.push({ component: normalise(match[2] ?? 'moodle'), id: match[1] ?? '', file: relative(this.root, file), line, kind: 'template' });
    }
  }
}

/** Every string id the code under `root` uses, where, and how many uses could not be read. */
export function findStringUses(root: string): UsageReport {
  const finder = new UsageFinder(root);
  const files = sourceFiles(root);
  for (const file of files) {
    if (file.endsWith('.mustache')) finder.scanTemplate(file);
    else finder.scanTypeScript(file);
  }
  finder.report.files = files.length;
  return finder.report;
}
