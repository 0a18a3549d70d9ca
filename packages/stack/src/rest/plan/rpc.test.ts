import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.ts';
import type { FunctionInfo } from '../schema/types.ts';
import { chooseOverload } from './rpc.ts';

const fn = (name: string, args: [string, string, boolean?][]): FunctionInfo => ({
  schema: 'public',
  name,
  args: args.map(([n, type, hasDefault]) => ({ name: n, type, hasDefault: hasDefault ?? false })),
  callable: true,
  returnsSet: false,
  rowsOne: false,
  volatility: 'i',
  returns: { kind: 'scalar', type: 'text' },
});

describe('chooseOverload', () => {
  const none = fn('f', []);
  const text = fn('f', [['a', 'text']]);
  const int = fn('f', [['a', 'integer']]);
  const optional = fn('f', [['a', 'text', true]]);
  const unnamedJson = fn('f', [['', 'jsonb']]);

  it('takes the one overload whose required names are given and other names optional', () => {
    expect(chooseOverload([none, text], new Set(), true)).toBe(none);
    expect(chooseOverload([none, text], new Set(['a']), true)).toBe(text);
    expect(chooseOverload([text], new Set(['a', 'b']), true)).toBeNull();
  });

  it('answers PGRST203 listing the candidates, fewer parameters first', () => {
    const err = chooseOverload([text, int], new Set(['a']), true) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(300);
    expect(err.message).toBe(
      'Could not choose the best candidate function between: public.f(a => integer), public.f(a => text)',
    );
    expect((chooseOverload([optional, none], new Set(), true) as ApiError).message).toBe(
      'Could not choose the best candidate function between: public.f(), public.f(a => text)',
    );
  });

  it('falls back to a single unnamed json parameter on POST only, and for non-object bodies', () => {
    expect(chooseOverload([text, unnamedJson], new Set(['x']), true)).toBe(unnamedJson);
    expect(chooseOverload([text, unnamedJson], new Set(['x']), false)).toBeNull();
    expect(chooseOverload([none, unnamedJson], null, true)).toBe(unnamedJson);
  });
});
