import {
  type DeviceConfigurationResponse,
  type DeviceDeregistrationResponse,
  type DeviceRegistrationResponse,
  devicePass,
} from '@venue-voice/domain';
import { request, type Transport } from './request';

/** What the register form gives device.register (D5 values; the passcode itself never leaves the tablet). */
export interface DeviceRegistrationInput {
  companyKey: string;
  branchId: number;
  deviceId: string;
  passcode: string;
  settingsPasscode: string;
  /** The installation's uuid, kept across resets. */
  uuid: string;
}

/** The device calls of D7. register names the device in headers; configure and deregister use its token. */
export const deviceCalls = (transport: Transport) => ({
  /** Registers the tablet; the answer's token is the credential of every later app-mode call. */
  register: async (input: DeviceRegistrationInput): Promise<DeviceRegistrationResponse> => {
    const { device: _token, ...credentials } = transport.credentials;
    return request(
      {
        ...transport,
        credentials: {
          ...credentials,
          authType: 'app',
          companyKey: input.companyKey,
          branchId: input.branchId,
        },
      },
      {
        call: 'device.register',
        headers: { deviceId: input.deviceId },
        body: {
          configuration: { settingsPasscode: input.settingsPasscode },
          pass: await devicePass(input.deviceId, input.passcode),
          uuid: input.uuid,
        },
        parse: { schema: (s) => s.deviceRegistration },
      },
    );
  },
  /** Update mode: the new settings passcode of this registered device. */
  configure: (input: { settingsPasscode: string; uuid: string }): Promise<DeviceConfigurationResponse> =>
    request(transport, {
      call: 'device.configure',
      body: { configuration: { settingsPasscode: input.settingsPasscode }, uuid: input.uuid },
      parse: { schema: (s) => s.deviceConfiguration },
    }),
  /** Reset device: the server revokes the token; every later call with it answers 401 10005. */
  deregister: (input: { uuid: string }): Promise<DeviceDeregistrationResponse> =>
    request(transport, {
      call: 'device.deregister',
      body: { uuid: input.uuid },
      parse: { schema: (s) => s.deviceDeregistration },
    }),
});
