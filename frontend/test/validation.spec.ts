import { checkCode, checkLogin, checkNewPassword, checkResetEmail, checkSignUp, splitName } from '../lib/validation';

describe('validation messages', () => {
  it('checks the login form', () => {
    expect(checkLogin({ email: '', password: '' })).toEqual({ email: 'Please enter email!', password: 'Please enter password!' });
    expect(checkLogin({ email: 'aoife@', password: 'x' })).toEqual({ email: "That's not an email!" });
    expect(checkLogin({ email: ' aoife@example.ie ', password: 'x' })).toEqual({});
  });

  it('checks the sign-up form, typos included', () => {
    expect(checkSignUp({ fullName: ' ', email: '', password: '', terms: false })).toEqual({
      fullName: 'Please enter your full name!',
      email: 'Please enter an email!',
      password: 'Please enter a passoword!',
      terms: 'Please check the terms and privacy box!',
    });
    expect(checkSignUp({ fullName: 'Aoife', email: 'x', password: 'abcdefgh', terms: true })).toEqual({
      fullName: 'Please enter a proper full name!',
      email: "That's not an email!",
      password: 'Password must have 8 characters with a number!',
    });
    expect(checkSignUp({ fullName: 'Aoife Byrne', email: 'a@b.ie', password: 'harp2025', terms: true })).toEqual({});
  });

  it('needs 8 characters with a letter and a number for a new password', () => {
    expect(checkNewPassword('12345678')).toBe('Password must have 8 characters with a number!');
    expect(checkNewPassword('abc12')).toBe('Password must have 8 characters with a number!');
    expect(checkNewPassword('abc12345')).toBeUndefined();
  });

  it("refuses a new password longer than the API takes, at the API's own limit", () => {
    expect(checkNewPassword('a1'.repeat(100))).toBeUndefined();
    expect(checkNewPassword('a1'.repeat(100) + 'b')).toBe('Password must have 8 characters with a number!');
  });

  it('takes the first word as first_name and the rest as last_name', () => {
    expect(splitName('  Aoife  Ní   Bhriain ')).toEqual({ first_name: 'Aoife', last_name: 'Ní Bhriain' });
  });

  it('counts a zero as not a number in the code', () => {
    expect(checkCode(['1', '2', '', '4'])).toBe('Please enter all 4 numbers!');
    expect(checkCode(['1', '0', '3', '4'])).toBe('You must enter numbers!');
    expect(checkCode(['1', 'a', '3', '4'])).toBe('You must enter numbers!');
    expect(checkCode(['9', '8', '7', '6'])).toBeUndefined();
  });

  it('checks the reset request in lower case, as the spec writes it', () => {
    expect(checkResetEmail('')).toBe('please enter email!');
    expect(checkResetEmail('nope')).toBe("that's not an email!");
    expect(checkResetEmail('a@b.ie')).toBeUndefined();
  });
});
