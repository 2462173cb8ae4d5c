/**
 * The argument names of an ICU message (`{name}`, `{count, plural, one {…} other {…}}`, nested ones too),
 * sorted and unique. Throws on unbalanced braces. Enough to compare two translations of one message.
 */
export function icuArguments(message: string): string[] {
  const names = new Set<string>();
  let i = 0;

  const skipSpace = () => {
    while (i < message.length && /\s/.test(message[i] ?? '')) i += 1;
  };
  const word = () => {
    const start = i;
    while (i < message.length && /[\w=-]/.test(message[i] ?? '')) i += 1;
    return message.slice(start, i);
  };

  // Reads message text until an unmatched '}' (left in place) or the end.
  const text = () => {
    while (i < message.length) {
      const char = message[i];
      if (char === '}') return;
      if (char === '{') argument();
      else i += 1;
    }
  };

  const argument = () => {
    i += 1; // '{'
    skipSpace();
    const name = word();
    if (!name) throw new Error(`Invalid ICU message (argument without a name at ${i}): ${message}`);
    names.add(name);
    skipSpace();
    if (message[i] === '}') {
      i += 1;
      return;
    }
    if (message[i] !== ',')
      throw new Error(`Invalid ICU message (expected , or } at ${i}): ${message}`);
    i += 1;
    skipSpace();
    const type = word();
    skipSpace();
    if (type === 'plural' || type === 'select' || type === 'selectordinal') {
      if (message[i] === ',') i += 1;
      for (;;) {
        skipSpace();
        if (message[i] === '}') {
          i += 1;
          return;
        }
        const selector = word();
        if (selector.startsWith('offset')) {
          if (message[i] === ':') i += 1;
          word();
          continue;
        }
        skipSpace();
        if (!selector || message[i] !== '{')
          throw new Error(`Invalid ICU message (expected a branch at ${i}): ${message}`);
        i += 1;
        text();
        if (message[i] !== '}')
          throw new Error(`Invalid ICU message (unclosed branch): ${message}`);
        i += 1;
      }
    }
    // number, date, time…: skip the style up to the matching brace.
    let depth = 1;
    while (i < message.length && depth > 0) {
      if (message[i] === '{') depth += 1;
      else if (message[i] === '}') depth -= 1;
      i += 1;
    }
    if (depth !== 0) throw new Error(`Invalid ICU message (unclosed argument): ${message}`);
  };

  text();
  if (i < message.length) throw new Error(`Invalid ICU message (unexpected } at ${i}): ${message}`);
  return [...names].sort();
}
