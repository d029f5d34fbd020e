import { plainToInstance } from 'class-transformer';
import { LowerEmail, Trim } from './transforms';

class Form {
  @Trim() name!: unknown;
  @LowerEmail() email!: unknown;
}

describe('DTO transforms', () => {
  it('trims text and lower-cases emails, so " Aoife@Example.IE " is the account aoife@example.ie', () => {
    expect({ ...plainToInstance(Form, { name: '  Aoife Ní Bhriain ', email: ' Aoife@Example.IE ' }) }).toEqual({ name: 'Aoife Ní Bhriain', email: 'aoife@example.ie' });
  });

  it('leaves values that are not text for the validator to name', () => {
    expect({ ...plainToInstance(Form, { name: 42, email: ['a@example.ie'] }) }).toEqual({ name: 42, email: ['a@example.ie'] });
  });
});
