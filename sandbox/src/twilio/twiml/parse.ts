import { SaxesParser } from 'saxes';

/** One TwiML element: a verb (`Say`, `Gather`, ...) or a noun inside one. */
export interface TwimlNode {
  name: string;
  attrs: Record<string, string>;
  children: TwimlNode[];
  /** The element's own text (a `<Say>`'s words, a `<Redirect>`'s URL), trimmed. */
  text: string;
}

export class TwimlParseError extends Error {}

/**
 * Parses a TwiML document into its verbs (the children of `<Response>`). A document that is not
 * XML, or not a `<Response>`, is refused as Twilio refuses it (error 12100).
 */
export function parseTwiml(xml: string): TwimlNode[] {
  const parser = new SaxesParser();
  const stack: TwimlNode[] = [];
  let root: TwimlNode | undefined;
  let failure: Error | undefined;
  parser.on('error', (err) => {
    failure ??= err;
  });
  parser.on('opentag', (tag) => {
    const node: TwimlNode = {
      name: tag.name,
      attrs: { ...tag.attributes } as Record<string, string>,
      children: [],
      text: '',
    };
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(node);
    else root ??= node;
    stack.push(node);
  });
  const addText = (text: string) => {
    const node = stack[stack.length - 1];
    if (node) node.text += text;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('closetag', () => {
    const node = stack.pop();
    if (node) node.text = node.text.trim();
  });
  parser.write(xml).close();
  if (failure) throw new TwimlParseError(`Document parse failure: ${failure.message}`);
  if (!root || root.name !== 'Response') throw new TwimlParseError('The root element must be <Response>');
  return root.children;
}
