import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useTimeZone } from './time-zone.ts';

function Zone() {
  return <span>{useTimeZone() ?? 'browser'}</span>;
}

describe('useTimeZone', () => {
  it("is UTC in the server's render and the browser's own zone in the browser", () => {
    expect(renderToString(<Zone />)).toBe('<span>UTC</span>');
    render(<Zone />);
    expect(screen.getByText('browser')).toBeInTheDocument();
  });
});
