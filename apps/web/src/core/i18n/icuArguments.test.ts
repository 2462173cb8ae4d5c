import { describe, expect, it } from 'vitest';
import { icuArguments } from './icuArguments';

describe('icuArguments', () => {
  it('finds simple and nested arguments, not plural branch texts', () => {
    expect(
      icuArguments(
        'Hello {name}, you have {count, plural, =0 {no message} one {# message from {sender}} other {# messages}}',
      ),
    ).toEqual(['count', 'name', 'sender']);
    expect(icuArguments("L'application {version}")).toEqual(['version']);
    expect(icuArguments('{total, number} items on {day, date, short}')).toEqual(['day', 'total']);
    expect(icuArguments('No argument here.')).toEqual([]);
  });

  it('rejects unbalanced braces', () => {
    expect(() => icuArguments('Hello {name')).toThrow(/Invalid ICU message/);
    expect(() => icuArguments('Hello name}')).toThrow(/unexpected \}/);
    expect(() => icuArguments('{count, plural, one {x}')).toThrow(/Invalid ICU message/);
  });
});
