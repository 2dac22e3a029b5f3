// Every Mantine component's styles, for the signed-in area (imported by its lazy chunk, so the
// browser fetches this sheet before that chunk renders). The login route has only its own subset
// (login-route.css); the rules both hold are the same, in the same `mantine` layer.
import '@mantine/core/styles.layer.css';
