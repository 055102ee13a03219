// A self-signed certificate made with OpenSSL's API for the TLS tests (issue 10 item 10: "a test plays
// over wss:// with a certificate it makes").
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <stdexcept>

#include "tests/server/net/support/ws_client.hpp"

namespace tavolo::testing {

namespace {

struct Free {
    void operator()(EVP_PKEY* key) const { EVP_PKEY_free(key); }
    void operator()(X509* certificate) const { X509_free(certificate); }
    void operator()(BIO* bio) const { BIO_free(bio); }
    void operator()(X509_EXTENSION* extension) const { X509_EXTENSION_free(extension); }
};

void require(bool ok, const char* what) {
    if (!ok) throw std::runtime_error(std::string("test certificate: ") + what + " failed");
}

void add_extension(X509* certificate, int nid, const char* value) {
    X509V3_CTX context;
    X509V3_set_ctx_nodb(&context);
    X509V3_set_ctx(&context, certificate, certificate, nullptr, nullptr, 0);
    std::unique_ptr<X509_EXTENSION, Free> extension(X509V3_EXT_conf_nid(nullptr, &context, nid, value));
    require(extension && X509_add_ext(certificate, extension.get(), -1) == 1, "an extension");
}

template <class Write>
std::string pem_of(Write write) {
    std::unique_ptr<BIO, Free> bio(BIO_new(BIO_s_mem()));
    require(bio && write(bio.get()) == 1, "writing PEM");
    char* data = nullptr;
    const long size = BIO_get_mem_data(bio.get(), &data);
    return std::string(data, static_cast<std::size_t>(size));
}

void write_file(const std::string& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary);
    out << text;
    require(static_cast<bool>(out), "writing a PEM file");
}

}  // namespace

TestCertificate::TestCertificate() {
    std::string pattern = (std::filesystem::temp_directory_path() / "tavolo-net-test-XXXXXX").string();
    require(mkdtemp(pattern.data()) != nullptr, "mkdtemp");
    directory = pattern;
    certificate_file = directory + "/cert.pem";
    private_key_file = directory + "/key.pem";

    std::unique_ptr<EVP_PKEY, Free> key(EVP_EC_gen("P-256"));
    require(key != nullptr, "an EC key");
    std::unique_ptr<X509, Free> certificate(X509_new());
    require(certificate != nullptr, "X509_new");
    X509* cert = certificate.get();
    require(X509_set_version(cert, 2) == 1, "the version");
    require(ASN1_INTEGER_set(X509_get_serialNumber(cert), 1) == 1, "the serial");
    require(X509_gmtime_adj(X509_getm_notBefore(cert), -3600) != nullptr, "notBefore");
    require(X509_gmtime_adj(X509_getm_notAfter(cert), 24 * 3600) != nullptr, "notAfter");
    require(X509_set_pubkey(cert, key.get()) == 1, "the public key");
    X509_NAME* name = X509_get_subject_name(cert);
    require(X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC,
                                       reinterpret_cast<const unsigned char*>("localhost"), -1, -1, 0) == 1,
            "the subject");
    require(X509_set_issuer_name(cert, name) == 1, "the issuer");
    // Its own trust anchor: the client trusts exactly this certificate.
    add_extension(cert, NID_basic_constraints, "critical,CA:TRUE");
    add_extension(cert, NID_subject_alt_name, "DNS:localhost,IP:127.0.0.1");
    require(X509_sign(cert, key.get(), EVP_sha256()) > 0, "signing");

    certificate_pem = pem_of([&](BIO* bio) { return PEM_write_bio_X509(bio, cert); });
    write_file(certificate_file, certificate_pem);
    write_file(private_key_file, pem_of([&](BIO* bio) {
                   return PEM_write_bio_PrivateKey(bio, key.get(), nullptr, nullptr, 0, nullptr, nullptr);
               }));
}

TestCertificate::~TestCertificate() {
    std::error_code ignored;
    std::filesystem::remove_all(directory, ignored);
}

}  // namespace tavolo::testing
