import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CheckboxField } from './checkbox-field';
import { ChoiceGroup } from './choice-group';
import { SelectField } from './select-field';
import { TextArea } from './text-area';

const choices = [
  { value: '1', label: 'Business' },
  { value: '2', label: 'Celebration' },
  { value: '3', label: 'Casual meal' },
];

function Choices({ multiple }: { multiple?: boolean }) {
  const [value, setValue] = useState<string[]>([]);
  return (
    <>
      <ChoiceGroup
        legend="Occasion"
        choices={choices}
        value={value}
        onChange={setValue}
        multiple={multiple}
      />
      <output>{value.join(',')}</output>
    </>
  );
}

function Select() {
  const [value, setValue] = useState('');
  return (
    <SelectField label="Occasion" choices={choices} value={value} onChange={setValue} emptyLabel="Choose" />
  );
}

function Box({ singleLine }: { singleLine?: boolean }) {
  const [value, setValue] = useState('');
  return (
    <TextArea
      label={singleLine ? 'Postcode' : 'Comment'}
      value={value}
      onChange={setValue}
      singleLine={singleLine}
      maxLength={singleLine ? 10 : undefined}
      limitHint={singleLine ? 'At most 10 characters' : undefined}
    />
  );
}

function NotApplicable() {
  const [checked, setChecked] = useState(false);
  return <CheckboxField label="Not applicable" context="Occasion" checked={checked} onChange={setChecked} />;
}

describe('form fields', () => {
  it('ChoiceGroup: radio buttons choose one', async () => {
    const user = userEvent.setup();
    render(<Choices />);
    await user.click(screen.getByRole('radio', { name: 'Celebration' }));
    await user.click(screen.getByRole('radio', { name: 'Business' }));
    expect(screen.getByRole('status')).toHaveTextContent(/^1$/);
  });

  it('ChoiceGroup: check boxes choose several, in the order of the choices', async () => {
    const user = userEvent.setup();
    render(<Choices multiple />);
    await user.click(screen.getByRole('checkbox', { name: 'Casual meal' }));
    await user.click(screen.getByRole('checkbox', { name: 'Business' }));
    expect(screen.getByRole('status')).toHaveTextContent('1,3');
    await user.click(screen.getByRole('checkbox', { name: 'Casual meal' }));
    expect(screen.getByRole('status')).toHaveTextContent(/^1$/);
  });

  it('SelectField: a labelled dropdown that starts on its empty entry', async () => {
    const user = userEvent.setup();
    render(<Select />);
    const select = screen.getByRole('combobox', { name: 'Occasion' });
    expect(select).toHaveValue('');
    await user.selectOptions(select, 'Casual meal');
    expect(select).toHaveValue('3');
  });

  it('TextArea: 4 rows by default; the limit hint shows once the limit is reached (G2 postcode)', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Box />
        <Box singleLine />
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'Comment' })).toHaveAttribute('rows', '4');
    const postcode = screen.getByRole('textbox', { name: 'Postcode' });
    await user.type(postcode, 'SW1A 1A');
    expect(screen.queryByText('At most 10 characters')).not.toBeInTheDocument();
    await user.type(postcode, 'A and more');
    expect(postcode).toHaveValue('SW1A 1AA a');
    expect(screen.getByText('At most 10 characters')).toBeInTheDocument();
    expect(postcode).toHaveAccessibleDescription('At most 10 characters');
  });

  it('CheckboxField: the context is part of the name, not of the picture', async () => {
    const user = userEvent.setup();
    render(<NotApplicable />);
    const box = screen.getByRole('checkbox', { name: 'Not applicable – Occasion' });
    await user.click(box);
    expect(box).toBeChecked();
  });
});
