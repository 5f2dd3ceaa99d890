/**
 * Every literal English message in src/ that can reach an API answer, read from the source with the
 * TypeScript parser: the text of an AppError (ApiError, its old name, and the errors the API turns into one: IssueError,
 * ArchiveRejected), the field messages handed to validationError / parameterError, `notFound('What')`, the
 * `message` of a success envelope (`ok(data, 'Saved.')`) and a taxpayer query's `problem`. A `${…}` becomes a
 * sample value; a `${cond ? 'a' : 'b'}` gives one text per branch, as the code can say either, and so does
 * a constant of the file that holds such texts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export interface SourceMessage {
  /** The text with a sample value in each `${…}`. */
  text: string;
  /** file:line, for the failure message. */
  where: string;
}

const SRC = join(import.meta.dirname, '../../../src');
/** The simulator answers as the tax authority would (its own server, never the app's API). */
const NOT_THE_API = ['hacienda/simulator'];
/** The errors whose message the API's error handler or a route passes on as the answer's message. */
const ERROR_CLASSES = new Set(['AppError', 'ApiError', 'IssueError', 'ArchiveRejected']);
/** Where a `problem` is a parameter's refusal (elsewhere, e.g. signing/, it is a signature check's finding). */
const PROBLEM_GIVEN = ['/api/', '/hacienda/'];
/** A sample parameter: has spaces and punctuation, as real ones (a clave, an identification, a host) do. */
const SAMPLE = 'sample value-1';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return NOT_THE_API.some((skip) => path.endsWith(skip)) ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/**
 * The texts a `${name}` stands for when `name` is a constant of the file holding texts (`const who = a ? 'x' :
 * 'y'`), or an entry of a constant table of them (`PLACES[context]!`); none when it cannot tell.
 */
function constantTexts(node: ts.Expression): string[] {
  const base = ts.isNonNullExpression(node) ? node.expression : node;
  const table = ts.isElementAccessExpression(base) && ts.isIdentifier(base.expression) ? base.expression.text : undefined;
  const name = table ?? (ts.isIdentifier(base) ? base.text : undefined);
  if (!name) return [];
  let found: string[] = [];
  const look = (n: ts.Node): void => {
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.name.text === name && n.initializer) {
      const init = ts.isAsExpression(n.initializer) ? n.initializer.expression : n.initializer;
      if (table && ts.isObjectLiteralExpression(init)) found = init.properties.flatMap((p) => (ts.isPropertyAssignment(p) ? texts(p.initializer) : []));
      if (!table) found = texts(init).length > 0 ? texts(init) : constantTexts(init);
    }
    ts.forEachChild(n, look);
  };
  look(node.getSourceFile());
  return found;
}

/** The texts an expression can be: literals as they are, templates with samples, both branches of a `?:`. */
function texts(node: ts.Expression): string[] {
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) return texts(node.expression);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isConditionalExpression(node)) {
    const branches = [...texts(node.whenTrue), ...texts(node.whenFalse)];
    return branches.length > 0 ? branches : [];
  }
  if (ts.isTemplateExpression(node)) {
    let variants = [node.head.text];
    for (const span of node.templateSpans) {
      const inner = ts.isConditionalExpression(span.expression) ? texts(span.expression) : constantTexts(span.expression);
      const values = inner.length > 0 ? inner : [SAMPLE];
      variants = variants.flatMap((before) => values.map((value) => before + value + span.literal.text));
    }
    return variants;
  }
  return [];
}

/** A string's texts when it sits in a field's list of messages (`{ url: ['…'] }`, `errors[f] = ['…']`, `[f, ['…']]`). */
function fieldMessages(node: ts.Node): string[] {
  if (!ts.isArrayLiteralExpression(node)) return [];
  const parent = node.parent;
  const inList = ts.isPropertyAssignment(parent) || ts.isArrayLiteralExpression(parent)
    || (ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken);
  // A message is a sentence: this leaves out lists of names (`abilities: ['settings:read']`, `tags: ['keys']`).
  return inList ? node.elements.flatMap((e) => texts(e)).filter((text) => text.includes(' ')) : [];
}

const callee = (node: ts.CallExpression | ts.NewExpression) => (ts.isIdentifier(node.expression) ? node.expression.text : '');

function messagesOf(file: string): SourceMessage[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const code = source.text;
  const importsFromErrors = (name: string) => new RegExp(`import \\{[^}]*\\b${name}\\b[^}]*\\} from '[./]*(api/|domain/)?errors\\.ts'`).test(code);
  const fieldErrorsFile = importsFromErrors('validationError') || importsFromErrors('parameterError') || /new A(pi|pp)Error\([^;]*fieldErrors/.test(code);
  const sharedNotFound = importsFromErrors('notFound');
  const found: SourceMessage[] = [];
  const add = (list: string[], node: ts.Node) => {
    const where = `${relative(SRC, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    for (const text of list) found.push({ text, where });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isNewExpression(node) && ERROR_CLASSES.has(callee(node)) && node.arguments?.[2]) add(texts(node.arguments[2]), node);
    if (ts.isCallExpression(node) && callee(node) === 'ok' && node.arguments[1]) add(texts(node.arguments[1]), node);
    if (ts.isCallExpression(node) && callee(node) === 'notFound' && sharedNotFound) {
      const what = node.arguments[0] ? texts(node.arguments[0]) : ['Resource'];
      add(what.map((w) => `${w} not found.`), node);
    }
    if (fieldErrorsFile) add(fieldMessages(node), node);
    // A taxpayer query's refusal (hacienda/taxpayer-query.ts), given as the parameter's message.
    if (PROBLEM_GIVEN.some((dir) => file.includes(dir)) && (ts.isPropertyAssignment(node) || ts.isVariableDeclaration(node)) && node.name.getText(source) === 'problem' && node.initializer) add(texts(node.initializer), node);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

export function messagesInSource(): SourceMessage[] {
  return sourceFiles(SRC).flatMap(messagesOf);
}
