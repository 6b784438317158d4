import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../i18n';
import { ItemMenu } from './ItemMenu';

describe('ItemMenu', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  const setup = () => {
    const onEdit = vi.fn();
    const onDelete = vi.fn();
    render(
      <ItemMenu
        name="Swimming"
        actions={[
          { label: 'Edit', onSelect: onEdit },
          { label: 'Delete', onSelect: onDelete, danger: true },
        ]}
      />,
    );
    return { onEdit, onDelete, user: userEvent.setup(), button: screen.getByRole('button', { name: 'Actions for Swimming' }) };
  };

  it('opens from its labelled button and runs the chosen action', async () => {
    const { onDelete, user, button } = setup();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('works from the keyboard and Escape closes it', async () => {
    const { onEdit, user, button } = setup();
    button.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menuitem', { name: 'Edit' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Edit' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    await user.keyboard('{Enter}');
    expect(onEdit).toHaveBeenCalledOnce();
  });

  it('closes when something else is clicked', async () => {
    const { user, button } = setup();
    await user.click(button);
    await user.click(document.body);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
