import { describe, expect, it } from "vitest";
import { parseS3Url } from "@/lib/media/server/s3-storage";
import { EMPTY_PAYLOAD_HASH, signRequest } from "@/lib/media/server/sigv4";

describe("SigV4 signing", () => {
  it("matches AWS's published example (GET Object with a Range header)", () => {
    const headers = signRequest(
      {
        method: "GET",
        url: new URL("https://examplebucket.s3.amazonaws.com/test.txt"),
        headers: { Range: "bytes=0-9" },
        payloadHash: EMPTY_PAYLOAD_HASH,
        date: new Date("2013-05-24T00:00:00Z"),
      },
      {
        accessKeyId: "AKIAIOSFODNN7EXAMPLE",
        secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        region: "us-east-1",
        service: "s3",
      },
    );
    expect(headers.authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
    expect(headers["x-amz-date"]).toBe("20130524T000000Z");
    expect(headers["x-amz-content-sha256"]).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(headers).not.toHaveProperty("host");
  });
});

describe("parseS3Url", () => {
  it("reads endpoint, bucket, prefix, region and percent-encoded credentials", () => {
    expect(
      parseS3Url("https://AKID:se%2Fcr%2Bet@s3.eu-west-2.amazonaws.com/my-bucket/postloom/media?region=eu-west-2"),
    ).toEqual({
      endpoint: "https://s3.eu-west-2.amazonaws.com",
      bucket: "my-bucket",
      prefix: "postloom/media",
      credentials: { accessKeyId: "AKID", secretAccessKey: "se/cr+et", region: "eu-west-2", service: "s3" },
    });
  });

  it("defaults the region to us-east-1", () => {
    expect(parseS3Url("http://minio:minio123@127.0.0.1:9000/media").credentials.region).toBe("us-east-1");
  });

  it.each(["not a url", "ftp://a:b@host/bucket", "https://host/bucket", "https://a:b@host/"])(
    "refuses %j with a readable message",
    (value) => {
      expect(() => parseS3Url(value)).toThrow(/MEDIA_S3_URL/);
    },
  );
});
