// libsecret, the desktop's Secret Service (GNOME Keyring, KWallet), where
// the passwords of sync accounts are kept: `pkg-config libsecret-1`.
#include <libsecret/secret.h>
