import { fireEvent, render, screen } from '@testing-library/react';
import { useId, useState } from 'react';
import { createPortal } from 'react-dom';
import { expect, it } from 'vitest';

function Marked({ name }: { name: string }) {
  return <span data-testid={name} id={useId()} />;
}

it('gives each component an id of its own, in a portal that renders again too, and keeps it', () => {
  function Page() {
    const [more, setMore] = useState(false);
    return (
      <>
        <button onClick={() => setMore(true)}>More</button>
        <Marked name="page" />
        {createPortal(
          <div>
            <Marked name="dialog" />
            {more ? <Marked name="dialog, later" /> : null}
          </div>,
          document.body,
        )}
      </>
    );
  }
  render(<Page />);
  const first = screen.getByTestId('page').id;
  fireEvent.click(screen.getByRole('button', { name: 'More' }));
  const ids = ['page', 'dialog', 'dialog, later'].map((name) => screen.getByTestId(name).id);
  expect(new Set(ids).size).toBe(3);
  expect(ids[0]).toBe(first);
  for (const id of ids) expect(document.querySelectorAll(`[id="${id}"]`)).toHaveLength(1);
});

it('focuses an element that mounts with autoFocus, once, as React does, and writes no autofocus attribute', () => {
  function Steps() {
    const [step, setStep] = useState(0);
    return (
      <>
        <button onClick={() => setStep(step + 1)}>Next</button>
        <input aria-label="Other" />
        {step > 0 ? <input aria-label="Code" autoFocus /> : null}
      </>
    );
  }
  render(<Steps />);
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  const code = screen.getByRole('textbox', { name: 'Code' });
  expect(code).toHaveFocus();
  expect(code).not.toHaveAttribute('autofocus');
  // A later render of the same element leaves the focus where the person put it.
  screen.getByRole('textbox', { name: 'Other' }).focus();
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  expect(screen.getByRole('textbox', { name: 'Other' })).toHaveFocus();
});
