// The directory (LDAP) sign-in: checks a user's password against the connection's directory.

export { DirectoryUnavailableError, verifyDirectoryPassword } from './directory-password';
