/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * Static scan of the app's source (node only, used by the i18n check test):
 * message ids used in code, and user-visible text written straight into JSX.
 */
export interface MessageUse {
  id: string;
  file: string;
  /** The descriptor's defaultMessage when it is a plain string (the English text: en.json must say the same). */
  defaultMessage?: string;
}

export interface LiteralText {
  file: string;
  line: number;
  text: string;
}

const TEXT_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'title',
  'placeholder',
  'alt',
  'label',
]);
const HAS_LETTER = /\p{L}/u;

function listSourceFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'testing') walk(path);
      } else if (
        /\.(ts|tsx)$/.test(entry.name) &&
        !/\.(test|stories|d)\.tsx?$/.test(entry.name) &&
        !entry.name.endsWith('.css.ts')
      ) {
        files.push(path);
      }
    }
  };
  walk(root);
  return files.sort();
}

function stringValue(node: ts.Node | undefined): string | null {
  if (!node) return null;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isJsxExpression(node)) return stringValue(node.expression);
  return null;
}

export function scanSource(root: string): { uses: MessageUse[]; literals: LiteralText[] } {
  const uses: MessageUse[] = [];
  const literals: LiteralText[] = [];
  for (const path of listSourceFiles(root)) {
    const file = relative(root, path);
    const source = ts.createSourceFile(
      path,
      readFileSync(path, 'utf8'),
      ts.ScriptTarget.Latest,
      true,
      path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    );
    const line = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    const visit = (node: ts.Node) => {
      // A message descriptor: { id: '...', defaultMessage: '...' } (defineMessages, formatMessage).
      if (ts.isObjectLiteralExpression(node)) {
        const props = new Map<string, ts.Expression>();
        for (const property of node.properties) {
          if (
            ts.isPropertyAssignment(property) &&
            (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))
          ) {
            props.set(property.name.text, property.initializer);
          }
        }
        const id = stringValue(props.get('id'));
        if (id !== null && props.has('defaultMessage')) {
          const defaultMessage = stringValue(props.get('defaultMessage'));
          uses.push(defaultMessage === null ? { id, file } : { id, file, defaultMessage });
        }
      }
      // <FormattedMessage id="..." />
      if (
        (ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) &&
        node.tagName.getText(source) === 'FormattedMessage'
      ) {
        for (const attribute of node.attributes.properties) {
          if (ts.isJsxAttribute(attribute) && attribute.name.getText(source) === 'id') {
            const id = stringValue(attribute.initializer);
            if (id !== null) uses.push({ id, file });
          }
        }
      }
      if (ts.isJsxText(node)) {
        const text = node.text.trim();
        if (text && HAS_LETTER.test(text)) literals.push({ file, line: line(node), text });
      }
      if (ts.isJsxAttribute(node) && TEXT_ATTRIBUTES.has(node.name.getText(source))) {
        const text = stringValue(node.initializer);
        if (text !== null && HAS_LETTER.test(text)) literals.push({ file, line: line(node), text });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { uses, literals };
}

/**
 * Reads every catalogue as { owner → { locale → catalogue } }: `features/<feature>/i18n/<locale>.json` (owner: the
 * feature) and the texts shared by every feature, `core/messages/i18n/<locale>.json` (owner: `core`).
 */
export function readCatalogueFiles(root: string): Map<string, Map<string, Record<string, string>>> {
  const result = new Map<string, Map<string, Record<string, string>>>();
  const owners: [string, string][] = [['core', join(root, 'core', 'messages', 'i18n')]];
  const featuresDir = join(root, 'features');
  for (const feature of readdirSync(featuresDir, { withFileTypes: true })) {
    if (feature.isDirectory()) owners.push([feature.name, join(featuresDir, feature.name, 'i18n')]);
  }
  for (const [owner, dir] of owners) {
    let files: string[];
    try {
      files = readdirSync(dir).filter((name) => name.endsWith('.json'));
    } catch {
      continue;
    }
    const perLocale = new Map<string, Record<string, string>>();
    for (const name of files) {
      perLocale.set(
        name.replace(/\.json$/, ''),
        JSON.parse(readFileSync(join(dir, name), 'utf8')) as Record<string, string>,
      );
    }
    result.set(owner, perLocale);
  }
  return result;
}
