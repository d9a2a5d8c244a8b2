import { XMLParser } from 'fast-xml-parser';
import { AppError } from '../../platform/errors';

/** What a basic LTI link cartridge says about its tool (lti.md §5). */
export interface Cartridge {
  title: string;
  description: string;
  launch_url: string;
  secure_launch_url: string;
  icon: string;
  secure_icon: string;
  vendor: { code: string; name: string; description: string; url: string; email: string };
  custom: Array<{ name: string; value: string }>;
  extensions: Array<{ name: string; value: string }>;
}

type OrderedNode = Record<string, unknown> & { ':@'?: Record<string, string> };

const parser = new XMLParser({
  preserveOrder: true,
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  processEntities: false,
  trimValues: false,
  parseTagValue: false,
});

const unreadable = (debuginfo: string) => new AppError('errorreadingfile', { component: 'mod_lti', debuginfo });

function tagOf(node: OrderedNode): string | undefined {
  return Object.keys(node).find((k) => k !== ':@' && k !== '#text');
}

function childrenOf(node: OrderedNode): OrderedNode[] {
  const tag = tagOf(node);
  const children = tag ? node[tag] : undefined;
  return Array.isArray(children) ? (children as OrderedNode[]) : [];
}

function textOf(node: OrderedNode): string {
  return childrenOf(node)
    .map((c) => (typeof c['#text'] === 'string' || typeof c['#text'] === 'number' ? String(c['#text']) : textOf(c)))
    .join('');
}

/** The first element with this local name, in document order (depth first). */
function first(nodes: OrderedNode[], name: string): OrderedNode | undefined {
  for (const node of nodes) {
    if (tagOf(node) === name) return node;
    const found = first(childrenOf(node), name);
    if (found) return found;
  }
  return undefined;
}

function properties(node: OrderedNode | undefined): Array<{ name: string; value: string }> {
  if (!node) return [];
  return childrenOf(node)
    .filter((c) => tagOf(c) === 'property')
    .map((c) => ({ name: c[':@']?.name ?? '', value: textOf(c) }))
    .filter((p) => p.name !== '');
}

/**
 * Reads a cartridge: elements matched by local name, first occurrence in document order, text as
 * written. A DOCTYPE (and so any entity) is refused, as is anything that is not well-formed.
 */
export function parseCartridge(xml: string): Cartridge {
  if (/<!DOCTYPE/i.test(xml)) throw unreadable('a DOCTYPE is not allowed');
  let nodes: OrderedNode[];
  try {
    nodes = parser.parse(xml) as OrderedNode[];
  } catch (error) {
    throw unreadable(error instanceof Error ? error.message : 'not XML');
  }
  const root = nodes.find((n) => {
    const tag = tagOf(n);
    return tag !== undefined && tag !== '?xml';
  });
  const rootName = root ? tagOf(root) : undefined;
  if (!root || (rootName !== 'cartridge_basiclti_link' && rootName !== 'basic_lti_link')) throw unreadable('not a basic LTI link');
  const within = [root];
  const text = (name: string) => {
    const node = first(within, name);
    return node ? textOf(node) : '';
  };
  const vendor = first(within, 'vendor');
  const inVendor = (name: string) => {
    const node = vendor ? first(childrenOf(vendor), name) : undefined;
    return node ? textOf(node) : '';
  };
  return {
    title: text('title'),
    description: text('description'),
    launch_url: text('launch_url'),
    secure_launch_url: text('secure_launch_url'),
    icon: text('icon'),
    secure_icon: text('secure_icon'),
    vendor: { code: inVendor('code'), name: inVendor('name'), description: inVendor('description'), url: inVendor('url'), email: inVendor('email') },
    custom: properties(first(within, 'custom')),
    extensions: properties(first(within, 'extensions')),
  };
}
