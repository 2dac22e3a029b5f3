import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { WholeIdentifiers } from './WholeIdentifiers';

afterEach(cleanup);

describe('whole identifiers', () => {
  it('keeps each tag, permit, lock and point number in one unbreakable piece, the sentence unchanged', () => {
    const text = 'Put your lock on E-1: tag T-2026-00202 goes on with it. Held by LOTO-26-00063 and P-MX31JF84SH75.';
    const { container } = render(
      <p>
        <WholeIdentifiers text={text} />
      </p>,
    );
    expect(container.textContent).toBe(text);
    const pieces = [...container.querySelectorAll('span')];
    expect(pieces.map((s) => s.textContent)).toEqual(['E-1', 'T-2026-00202', 'LOTO-26-00063', 'P-MX31JF84SH75']);
    expect(pieces.every((s) => s.style.whiteSpace === 'nowrap')).toBe(true);
  });

  it('leaves a sentence without identifiers as it is', () => {
    const { container } = render(
      <p>
        <WholeIdentifiers text="Release or block stored energy, then confirm." />
      </p>,
    );
    expect(container.querySelectorAll('span')).toHaveLength(0);
  });
});
